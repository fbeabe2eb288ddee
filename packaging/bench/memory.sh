#!/usr/bin/env bash
# Memory under anonymous traffic: starts the release binary in demo mode and drives it with
# h2load (HTTP/1.1), in rounds of REQUESTS anonymous requests (default 100 000) of each kind: `/auth/login`
# (each starts a sign-in, whose state goes into the browser's encrypted cookie: nothing is kept
# on the server) and content reads with made-up identifiers (`/api/strapi/menus/x{n}`,
# `/api/strapi/page-nouveautes/x{n}`, each a new cache key). Prints the process's resident
# memory after start-up and after each round: it grows until the content cache reaches its
# bound (`upstream.cms.cache_max_entries`), then stays flat.
# Usage: packaging/bench/memory.sh [REQUESTS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
source packaging/bench/lib.sh
require_tools h2load curl
requests=${1:-100000}
rounds=${2:-3}
binary=${ESPACE_ASSURE_BIN:-target/release/espace-assure}
port=18391
base=http://127.0.0.1:$port

# Every sign-in comes from one address here: its bound is lifted so that each one is started.
ESPACE_ASSURE__SERVER__LISTEN=127.0.0.1:$port ESPACE_ASSURE__SERVER__WORKERS=1 \
  ESPACE_ASSURE__LIMITS__SIGN_INS_PER_MINUTE=100000000 \
  ESPACE_ASSURE__DEMO__DATA_DIR="$work/data" RUST_LOG=error "$binary" >"$work/portal.log" 2>&1 &
pid=$!
wait_ready "$base/readyz"
rss() { awk '/VmRSS/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$pid/status"; }

# drive TEMPLATE ROUND: REQUESTS requests over 32 connections, `{n}` in TEMPLATE numbered so
# that every identifier is new, in this round and across rounds.
drive() {
  local first=$((($2 - 1) * requests))
  seq "$first" $((first + requests - 1)) | sed "s|^|$base${1%%\{n\}*}|; s|\$|${1#*\{n\}}|" >"$work/uris"
  h2load --h1 -c32 -n"$requests" -i "$work/uris" >"$work/h2load.log"
  grep -q "$requests done, .* 0 errored" "$work/h2load.log" || { cat "$work/h2load.log" >&2; exit 1; }
}

echo "after start-up: $(rss)"
for round in $(seq 1 "$rounds"); do
  drive "/auth/login?returnTo=/home&n={n}" "$round"
  echo "round $round, +$requests /auth/login: $(rss)"
  drive "/api/strapi/menus/x{n}" "$round"
  drive "/api/strapi/page-nouveautes/x{n}" "$round"
  echo "round $round, +$((2 * requests)) content reads: $(rss)"
done
