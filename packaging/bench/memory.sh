#!/usr/bin/env bash
# Memory: the process's resident memory, in two benchmarks.
#
#   memory.sh sessions [COUNTS, default 10000,100000]
# For each count, a fresh portal (its demo off, beside another instance standing in for the
# provider and member API: their memory is not the portal's) signs in that many sessions of the
# demo members (sign-ins.mjs), and prints its resident memory after start-up and with the
# sessions held, and the memory per session; then the same with the sessions in Redis: the
# portal's memory and Redis's (`used_memory`) per session. Needs node, nginx, curl and
# redis-server (the Redis half is left out without it). STORES="redis" measures one store only.
#
#   memory.sh anonymous [REQUESTS, default 100000] [ROUNDS, default 3]
# Starts the release binary in demo mode and drives it with h2load (HTTP/1.1), in rounds of
# REQUESTS anonymous requests of each kind: `/auth/login` (each starts a sign-in, whose state
# goes into the browser's encrypted cookie: nothing is kept on the server) and content reads
# with made-up identifiers (`/api/strapi/menus/x{n}`, `/api/strapi/page-nouveautes/x{n}`, each
# a new cache key). Prints the resident memory after start-up and after each round: it grows
# until the content cache reaches its bound (`upstream.cms.cache_max_entries`), then stays flat.
#
# ESPACE_ASSURE_BIN names another build of the binary to measure.
set -euo pipefail
cd "$(dirname "$0")/../.."
source packaging/bench/lib.sh
binary=${ESPACE_ASSURE_BIN:-$PWD/target/release/espace-assure}
mode=${1:-}
shift || true

# held_by STORE COUNT: a fresh portal with COUNT sessions in STORE (memory or redis).
held_by() {
  local store=$1 count=$2 settings="" redis_port before after redis_before=0 redis_after=0
  if [ "$store" = redis ]; then
    redis_port=$(free_port)
    redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no >"$work/redis.log" 2>&1 &
    until redis-cli -p "$redis_port" ping >/dev/null 2>&1; do sleep 0.01; done
    settings="store = \"redis\"
redis_url = \"redis://127.0.0.1:$redis_port/\"
encryption_keys = [\"$(head -c 32 /dev/urandom | base64)\"]"
  fi
  start_beside_stand_ins "$settings"
  before=$(rss_kib "$portal_pid")
  [ "$store" = memory ] || redis_before=$(redis-cli -p "$redis_port" info memory | awk -F: '/^used_memory:/ { print $2 + 0 }')
  sign_ins "$front" "$count" 16 | sed 's/^/  /'
  after=$(rss_kib "$portal_pid")
  printf '%-8s %9s %14s %14s %16s' "$store" "$count" "$((before / 1024)) MiB" "$((after / 1024)) MiB" \
    "$(awk -v a="$after" -v b="$before" -v n="$count" 'BEGIN { printf "%.2f KiB", (a - b) / n }')"
  if [ "$store" = redis ]; then
    redis_after=$(redis-cli -p "$redis_port" info memory | awk -F: '/^used_memory:/ { print $2 + 0 }')
    awk -v a="$redis_after" -v b="$redis_before" -v n="$count" 'BEGIN { printf " %16.2f KiB", (a - b) / n / 1024 }'
  fi
  echo
  cleanup_instances
}

if [ "$mode" = sessions ]; then
  require_tools node nginx curl
  release_binary
  stores=()
  for store in ${STORES:-memory redis}; do
    [ "$store" = redis ] && ! command -v redis-server >/dev/null && continue
    stores+=("$store")
  done
  IFS=, read -ra counts <<<"${1:-10000,100000}"
  printf '%-8s %9s %14s %14s %16s %16s\n' store sessions "RSS at start" "RSS with them" "RSS per session" "Redis per session"
  for store in "${stores[@]}"; do
    for count in "${counts[@]}"; do held_by "$store" "$count"; done
  done
  exit 0
fi
[ "$mode" = anonymous ] || { echo "usage: memory.sh sessions [COUNTS] | memory.sh anonymous [REQUESTS] [ROUNDS]" >&2; exit 2; }
require_tools h2load curl
requests=${1:-100000}
rounds=${2:-3}
port=$(free_port)
base=http://127.0.0.1:$port

# Every sign-in comes from one address here: its bound is lifted so that each one is started.
ESPACE_ASSURE__SERVER__LISTEN=127.0.0.1:$port ESPACE_ASSURE__SERVER__WORKERS=1 \
  ESPACE_ASSURE__LIMITS__SIGN_INS_PER_MINUTE=100000000 \
  ESPACE_ASSURE__DEMO__DATA_DIR="$work/data" RUST_LOG=error "$binary" >"$work/portal.log" 2>&1 &
pid=$!
wait_ready "$base/readyz"
rss() { awk -v kib="$(rss_kib "$pid")" 'BEGIN { printf "%.1f MiB", kib / 1024 }'; }

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
