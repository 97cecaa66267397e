#!/usr/bin/env python3
"""Names a unity batch could resolve to another file's function.

Run on a build made file by file (`cmake --preset dev -B build/nounity
-DPHASEBENCH_UNITY=OFF`, then build phasebench_core and phasebench_cli_lib):
lists, per library, functions of an anonymous namespace that another object
of the same library also defines (DUP) or that share the name of a public
function other objects use (PUB). Either may pick the wrong overload once the
files share one translation unit. Exit status 1 when any is found.
    tools/unity-names.py build/nounity
"""
import collections
import glob
import os
import re
import subprocess
import sys

build = sys.argv[1] if len(sys.argv) > 1 else "build/nounity"
libs = collections.defaultdict(list)
for pattern in ("core/CMakeFiles/*.dir/**/*.o", "app/CMakeFiles/phasebench_cli_lib.dir/**/*.o"):
    for o in glob.glob(os.path.join(build, pattern), recursive=True):
        if "mocs_compilation" not in o:
            libs[next(part for part in o.split(os.sep) if part.endswith(".dir"))].append(o)

found = 0
anon_marker = "(anonymous namespace)::"
for lib, objs in sorted(libs.items()):
    anon = collections.defaultdict(set)
    public = collections.defaultdict(set)
    for o in objs:
        out = subprocess.run(["nm", "-C", o], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            sym = line.strip()[2:] if line.startswith(" ") else line[19:]
            if anon_marker in sym:
                i = sym.index(anon_marker)
                m = re.match(r"([A-Za-z_]\w*)[(<]", sym[i + len(anon_marker):])
                if m and not sym.startswith("simdjson"):
                    anon[sym[:i] + m.group(1)].add(os.path.basename(o))
            elif sym.startswith("pb::"):
                m = re.match(r"([\w:]+?)(\(|<|$)", sym)
                if m:
                    public[m.group(1)].add(os.path.basename(o))
    for name, files in sorted(anon.items()):
        if len(files) > 1:
            print(f"DUP {lib}: {name} in {', '.join(sorted(files))}")
            found += 1
        others = public.get(name.replace(anon_marker, ""), set()) - files
        if others:
            print(f"PUB {lib}: {name} in {', '.join(sorted(files))}; public in {', '.join(sorted(others))}")
            found += 1
print(f"unity-names: {found} shared name(s) in {len(libs)} libraries")
sys.exit(1 if found else 0)
