#!/usr/bin/env bash
# scripts/heldout/install-tools.sh: installs the Debian tools the held-out identity-document generator draws with
# (Debian's Python 3 with Pillow and NumPy, img2pdf, the real OCR-B font and two other font families).
# Idempotent and quiet: asks apt only for what dpkg does not list, waits for a lock another install holds, and prints
# apt's output only when it fails.
set -euo pipefail

packages=(python3 python3-pil python3-numpy python3-img2pdf fonts-ocr-b fonts-dejavu-core fonts-liberation)
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then missing+=("$package"); fi
done
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! { $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq \
    && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "install-tools: apt-get install ${missing[*]} failed" >&2
  exit 1
fi
