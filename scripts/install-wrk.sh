#!/usr/bin/env bash
# Installs Debian's wrk, the other load generator of the benchmarks: BENCH_CLIENT=wrk npm run bench
# (bench/lib/load.ts).
exec "$(dirname "$0")/install-debian-package.sh" wrk wrk
