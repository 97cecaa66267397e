// Text from files, spans and run names on its way out: one place that makes
// it harmless for a terminal, XML, Markdown or a spreadsheet. Input is
// UTF-8; invalid bytes become U+FFFD on the way (util/Utf8.h).
#pragma once

#include <string>
#include <string_view>

namespace pb::safe {

// Control characters (C0 including tab and newline, DEL, C1) replaced by
// U+FFFD: an ESC or BEL from a file name or span attribute never reaches a
// terminal, and a newline cannot start a fake line of output.
std::string printable(std::string_view utf8);
bool hasControl(std::string_view utf8);

// For XML text and attribute values: & < > " ' escaped; tab, LF and CR as
// character references (kept, and kept in attributes); every character XML
// 1.0 forbids (other C0 controls, U+FFFE, U+FFFF) and DEL and C1 replaced by
// U+FFFD, so the document stays well-formed whatever a name holds.
std::string xmlEscaped(std::string_view utf8);

// For Markdown text on one line: controls (newlines too) become U+FFFD and
// the characters Markdown or inline HTML read as syntax are backslash-escaped
// (inline ones anywhere; block markers such as # - > and "1." when
// `lineStart`, the text beginning a line), so a name cannot start a heading,
// an image, a link or a raw <script>. Ordinary text ("12.3 ms", "a -> b")
// stays as it is.
std::string markdownEscaped(std::string_view utf8, bool lineStart = true);

// The OWASP rule against CSV formula injection: a text cell starting with
// = + - @ tab or CR gets a leading apostrophe. Only for text cells: a
// number written by the program ("-12.5") is a number, not a formula.
std::string csvFormulaSafe(std::string_view text);

} // namespace pb::safe
