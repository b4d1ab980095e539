#!/usr/bin/env bash
# scripts/install-debian-package.sh COMMAND PACKAGE: installs Debian's PACKAGE unless COMMAND is
# already on the PATH. Idempotent and quiet: prints apt's output only when the install fails.
set -euo pipefail

command="$1"
package="$2"
if command -v "$command" >/dev/null 2>&1; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

if ! { $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq \
    && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "$package"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "install-debian-package: apt-get install $package failed" >&2
  exit 1
fi
command -v "$command" >/dev/null 2>&1 || { echo "install-debian-package: $command is still missing after apt-get install $package" >&2; exit 1; }
