#!/usr/bin/env bash
# Installs Debian's Chromium for the docs-page browser test (test/api-description/docs-page.test.ts).
exec "$(dirname "$0")/install-debian-package.sh" chromium chromium
