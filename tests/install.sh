#!/usr/bin/env bash
# Installs what the tests use when it is missing (Debian's packages; root, or sudo):
# qpdf, poppler-utils and librsvg2-bin to read documents back, Ghostscript and the DejaVu
# fonts for the form read-back (tests/form.sh), Chromium, Node.js and npm for the HTML
# rulebook and the web page, and g++ for libFuzzer, which the fuzz targets' crate builds
# even when clippy only checks it. tests/run.sh and .ci/run call it first.
set -euo pipefail

need=()
command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
command -v pdffonts >/dev/null 2>&1 || need+=(poppler-utils)
command -v rsvg-convert >/dev/null 2>&1 || need+=(librsvg2-bin)
# The form of every page read back (tests/form.sh): Ghostscript renders pages without
# their text, and librsvg sets SVG text in DejaVu Sans.
command -v gs >/dev/null 2>&1 || need+=(ghostscript)
# (No `fc-list | grep -q`: grep's early exit would fail the pipeline under pipefail.)
[ -n "$(fc-list "DejaVu Sans" 2>/dev/null)" ] || need+=(fonts-dejavu-core)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
# libFuzzer (C++) is built when the fuzz targets are checked (clippy in .ci/run).
command -v c++ >/dev/null 2>&1 || need+=(g++)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing ${need[*]} for the tests" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
