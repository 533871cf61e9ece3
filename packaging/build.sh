#!/usr/bin/env bash
# Build the one-file Linux executable: packaging/build.sh [OUT_DIR]  (default: dist/)
# Needs PyInstaller (python3 -m pip install pyinstaller) and the program's own
# dependencies in the same Python. Prints the executable's path and size.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$(realpath -m "${1:-$root/dist}")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$out" --workpath "$work/build" "$root/packaging/bsg-express.spec"
exe="$out/bsg-express"
[ -f "$exe" ] || exe="$out/bsg-express.exe"
echo "$exe $(du -m "$exe" | cut -f1) MB"
