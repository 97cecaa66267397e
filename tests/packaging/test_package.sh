#!/usr/bin/env bash
# Builds the Debian package from a configured and built tree, inspects it
# (dpkg-deb, lintian, desktop-file-validate, appstreamcli), unpacks it into a
# throw-away root and runs the installed programs from there: the CLI's
# version, data folder and a 3-second demo, and the GUI under Xvfb opening a
# workbench file (screenshot: $OUT/installed-gui.png).
# Usage: test_package.sh BUILD_DIR OUT_DIR
set -euo pipefail
build=$1
out=$2
rm -rf "$out"
mkdir -p "$out/pkg" "$out/root"
fail() { echo "FAIL: $*" >&2; exit 1; }
# ImageMagick's own convert (a stand-in may shadow it in /usr/local/bin).
convert=$(command -v /usr/bin/convert || command -v convert)

echo "== cpack"
(cd "$build" && cpack --config CPackConfig.cmake -B "$out/pkg" >"$out/cpack.log" 2>&1) || { cat "$out/cpack.log"; fail "cpack"; }
deb=$(ls "$out"/pkg/phasebench_*_amd64.deb)
version=$(dpkg-deb -f "$deb" Version)
[ "$(basename "$deb")" = "phasebench_${version}_amd64.deb" ] || fail "package file name $(basename "$deb")"

echo "== dpkg-deb -I / -c"
info=$(dpkg-deb -I "$deb")
for field in "Package: phasebench" "Section: devel" "Maintainer:" "Homepage:" "Depends:.*libqt6core6" \
             "Depends:.*libcurl4" "Depends:.*libsqlite3-0"; do
  grep -q "$field" <<<"$info" || fail "control lacks '$field'"
done
contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
for f in ./usr/bin/phasebench ./usr/bin/phasebench-cli \
         ./usr/share/applications/org.phasebench.Phasebench.desktop \
         ./usr/share/metainfo/org.phasebench.Phasebench.metainfo.xml \
         ./usr/share/mime/packages/org.phasebench.Phasebench.xml \
         ./usr/share/icons/hicolor/scalable/apps/org.phasebench.Phasebench.svg \
         ./usr/share/icons/hicolor/48x48/apps/org.phasebench.Phasebench.png \
         ./usr/share/man/man1/phasebench.1.gz ./usr/share/man/man1/phasebench-cli.1.gz \
         ./usr/share/bash-completion/completions/phasebench-cli \
         ./usr/share/phasebench/scenarios/local-steady-chat.json \
         ./usr/share/phasebench/budgets/chat-streaming.json \
         ./usr/share/doc/phasebench/copyright ./usr/share/doc/phasebench/changelog.gz; do
  grep -qx "$f" <<<"$contents" || fail "package lacks $f"
done
# No maintainer scripts are needed: triggers of the desktop, MIME and icon caches do the rest.
if dpkg-deb --ctrl-tarfile "$deb" | tar -t | grep -Eq 'postinst|prerm|postrm|preinst'; then
  fail "unexpected maintainer scripts"
fi

echo "== lintian"
lintian --tag-display-limit 0 "$deb" >"$out/lintian.txt" 2>&1 || true
cat "$out/lintian.txt"
if grep -q '^E:' "$out/lintian.txt"; then fail "lintian errors"; fi

echo "== unpack into a throw-away root"
dpkg -x "$deb" "$out/root"
root=$out/root
desktop-file-validate "$root/usr/share/applications/org.phasebench.Phasebench.desktop" || fail "desktop file"
appstreamcli validate --no-net "$root/usr/share/metainfo/org.phasebench.Phasebench.metainfo.xml" || fail "metainfo"
xmllint=$(command -v xmllint || true)
if [ -n "$xmllint" ]; then "$xmllint" --noout "$root/usr/share/mime/packages/org.phasebench.Phasebench.xml"; fi
zcat "$root/usr/share/man/man1/phasebench-cli.1.gz" | grep -q -- '\\-\\-budgets' || fail "man page lacks the commands' options"

echo "== installed phasebench-cli"
cli=$root/usr/bin/phasebench-cli
[ "$("$cli" --version)" = "phasebench-cli $version" ] || fail "--version: $("$cli" --version)"
[ "$("$cli" --data-dir)" = "$(cd "$root/usr/share/phasebench" && pwd)" ] || fail "--data-dir: $("$cli" --data-dir)"
budgets="$("$cli" --data-dir)/budgets/chat-streaming.json"
"$cli" demo --duration 3 --db "$out/demo.phasebench" --json --quiet >"$out/demo.json" || fail "installed demo"
grep -q '"coverage"' "$out/demo.json" || fail "demo output"
# The installed example budgets work with the installed program (exit 0 pass, 3 fail, 4 cannot decide).
set +e
"$cli" check --db "$out/demo.phasebench" --budgets "$budgets" >"$out/check.txt" 2>&1
rc=$?
set -e
case $rc in 0|3|4) ;; *) cat "$out/check.txt"; fail "check with the installed budgets: exit $rc" ;; esac
# Bash completion: subcommands and a subcommand's options from its own --help.
completions=$(bash -c "source '$root/usr/share/bash-completion/completions/phasebench-cli'
  COMP_WORDS=('$cli' st); COMP_CWORD=1; _phasebench_cli; echo \${COMPREPLY[*]}
  COMP_WORDS=('$cli' stats --met); COMP_CWORD=2; _phasebench_cli; echo \${COMPREPLY[*]}")
grep -q '^stats$' <<<"$(head -1 <<<"$completions")" || fail "completion of 'st': $completions"
grep -q -- '--metric' <<<"$(tail -1 <<<"$completions")" || fail "completion of '--met': $completions"

echo "== the workbench file type: by name and, without one, by content (SQLite header + application id)"
mkdir -p "$out/mime/share/mime/packages"
cp "$root/usr/share/mime/packages/org.phasebench.Phasebench.xml" "$out/mime/share/mime/packages/"
update-mime-database "$out/mime/share/mime" || fail "update-mime-database"
cp "$out/demo.phasebench" "$out/mime/no-extension"
for f in "$out/demo.phasebench" "$out/mime/no-extension"; do
  type=$(XDG_DATA_DIRS="$out/mime/share:/usr/share" gio info -a standard::content-type "$f" | awk '/content-type/ {print $2}')
  [ "$type" = "application/x-phasebench+sqlite" ] || fail "$f is $type"
done

echo "== installed phasebench under Xvfb"
gui_version=$(QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=$out "$root/usr/bin/phasebench" --version 2>/dev/null)
[ "$gui_version" = "Phasebench $version" ] || fail "phasebench --version: $gui_version"
rm -rf "$out/home" && mkdir -p "$out/home"
# A real X display (the test presets ask Qt for offscreen rendering).
HOME=$out/home XDG_RUNTIME_DIR=$out/home QT_QPA_PLATFORM=xcb timeout 60 xvfb-run -a -s "-screen 0 1366x768x24" bash -c "
  '$root/usr/bin/phasebench' '$out/demo.phasebench' &
  pid=\$!
  for i in \$(seq 40); do
    if xwininfo -root -tree | grep -q 'demo.phasebench'; then break; fi
    sleep 0.5
  done
  sleep 2
  xwininfo -root -tree | grep 'demo.phasebench' > '$out/window.txt' || true
  xwd -root -silent > '$out/installed-gui.xwd'
  kill \$pid
" || true
[ -s "$out/window.txt" ] || fail "no window titled with the workbench file"
"$convert" "$out/installed-gui.xwd" "$out/installed-gui.png"
colours=$("$convert" "$out/installed-gui.png" -format '%k' info:)
[ "$colours" -gt 50 ] || fail "the screenshot looks blank ($colours colours)"
echo "screenshot: $out/installed-gui.png ($colours colours)"
echo "package test passed: $(basename "$deb")"
