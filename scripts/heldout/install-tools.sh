#!/usr/bin/env bash
# scripts/heldout/install-tools.sh: installs the Debian tools the held-out identity-document generator draws with
# (Debian's Python 3 with Pillow and NumPy, img2pdf, the real OCR-B font and two other font families).
# Idempotent and quiet: asks apt only for what dpkg does not list, through scripts/install-debian-package.sh.
set -euo pipefail

exec "$(dirname "$0")/../install-debian-package.sh" --packages \
  python3 python3-pil python3-numpy python3-img2pdf fonts-ocr-b fonts-dejavu-core fonts-liberation
