#!/usr/bin/env bash
# Installs Debian's Chromium for the docs-page browser test (test/e2e/docs-page.test.ts).
# Idempotent and quiet: does nothing when chromium is already on the PATH, and prints apt's
# output only when the install fails.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

if ! { $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
    && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "install-chromium: apt-get failed" >&2
  exit 1
fi
command -v chromium >/dev/null 2>&1 || { echo "install-chromium: chromium is still missing after apt-get install" >&2; exit 1; }
