#!/usr/bin/env bash
# scripts/install-debian-package.sh COMMAND PACKAGE: installs Debian's PACKAGE unless COMMAND is
# already on the PATH.
# scripts/install-debian-package.sh --packages PACKAGE...: installs, in one apt call, those PACKAGEs
# dpkg does not list as installed (fonts and libraries have no command to look for).
# Idempotent and quiet: waits for a lock another install holds, prints apt's output only when it fails.
set -euo pipefail

command=""
packages=()
if [ "${1:-}" = "--packages" ]; then
  shift
  for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then packages+=("$package"); fi
  done
  if [ "${#packages[@]}" -eq 0 ]; then exit 0; fi
else
  command="$1"
  packages=("$2")
  if command -v "$command" >/dev/null 2>&1; then
    exit 0
  fi
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

if ! { $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq \
    && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${packages[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "install-debian-package: apt-get install ${packages[*]} failed" >&2
  exit 1
fi
if [ -n "$command" ]; then
  command -v "$command" >/dev/null 2>&1 || { echo "install-debian-package: $command is still missing after apt-get install ${packages[*]}" >&2; exit 1; }
fi
