#!/usr/bin/env bash
# Installs the outside tools the held-out statement generator (scripts/heldout/statements/) draws
# with: LibreOffice, Chromium, Ghostscript, reportlab (for /usr/bin/python3), ImageMagick and
# img2pdf. Idempotent: a tool already present is left alone.
set -euo pipefail
here="$(dirname "$0")"
install="$here/../install-debian-package.sh"

"$here/../install-chromium.sh"
"$install" soffice libreoffice-writer
"$install" gs ghostscript
# /usr/local/bin may hold another `convert`; the generator calls Debian's by its full path.
"$install" /usr/bin/convert imagemagick
"$install" img2pdf img2pdf

# reportlab is a Python module, not a command: checked by importing it.
if ! /usr/bin/python3 -c 'import reportlab' >/dev/null 2>&1; then
  "$install" --packages python3-reportlab
  /usr/bin/python3 -c 'import reportlab' || { echo "install-statement-tools: python3-reportlab did not install" >&2; exit 1; }
fi
