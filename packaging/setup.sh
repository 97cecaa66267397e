#!/usr/bin/env bash
# Installs every Debian 12 package that building, testing and the demo need.
# Idempotent: does nothing when all packages are present.
set -euo pipefail

PACKAGES=(
  # toolchain
  cmake ninja-build g++ pkg-config git ccache mold
  # the fuzz preset: clang with libFuzzer and the sanitizer runtimes, llvm-symbolizer
  clang libclang-rt-dev llvm
  # Qt 6 (Widgets, Charts, Network, Test, PrintSupport, Svg, LinguistTools)
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev libqt6opengl6-dev
  # plotting
  libqcustomplot-dev libqcustomplot2.1-qt6
  # storage, formats, transport
  libsqlite3-dev nlohmann-json3-dev libcurl4-openssl-dev
  libprotobuf-dev protobuf-compiler zlib1g-dev libcpp-httplib-dev libsimdjson-dev
  libmicrohttpd-dev
  # the OTLP/gRPC receiver (TraceService/Export)
  libgrpc++-dev protobuf-compiler-grpc
  # used by tests and benchmarks
  curl jq hey xvfb xauth openssl nghttp2-server
  # the report tests: PDF text and page size (pdftotext, pdfinfo), the HTML rendered headless
  poppler-utils chromium
  # the Debian package: icons, man pages, and its test (lintian, validators, a screenshot)
  librsvg2-bin help2man lintian desktop-file-utils appstream libxml2-utils
  shared-mime-info libglib2.0-bin x11-apps x11-utils imagemagick
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "phasebench setup: these Debian packages are missing:" >&2
  echo "  ${missing[*]}" >&2
  echo "Run this script as root (or: sudo apt-get install ${missing[*]})." >&2
  exit 1
fi

echo "phasebench setup: installing ${#missing[@]} package(s): ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "phasebench setup: done"
