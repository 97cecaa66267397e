// The interface language: the system locale by default, or the language the
// user chose in View › Language (stored in the settings under "ui/language",
// applied at the next start so that every widget is built in one language).
#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

class QCoreApplication;
class QMenu;
class QWidget;

namespace pb::ui {

inline constexpr const char* kLanguageSettingKey = "ui/language";

// Language codes with an embedded catalogue (:/i18n/phasebench_<code>.qm),
// plus "en", the language of the sources; sorted.
QStringList availableLanguages();

// The stored choice: a code from availableLanguages(), or empty for the
// system locale.
QString languageSetting();
void setLanguageSetting(const QString& code);

// The locale the interface uses for `code` (empty: the system locale).
QLocale localeForLanguage(const QString& code);

// Installs Qt's own and Phasebench's catalogues for `locale` into `app`.
// Returns the code of the Phasebench catalogue loaded, or "en" when none was
// needed or found.
QString installTranslators(QCoreApplication* app, const QLocale& locale);

// View › Language: "System Default" and one checkable entry per available
// language in its own name. Choosing one stores it and tells the user it
// applies at the next start.
QMenu* createLanguageMenu(QWidget* parent);

} // namespace pb::ui
