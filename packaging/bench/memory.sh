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
#   memory.sh redis-scale [COUNTS, default 100000,1000000] [SAMPLE, default 10000]
# Redis only, at counts whose sign-ins would take an hour (about 300 a second): SAMPLE real
# sessions are signed in through a portal as above (its sessions in Redis), then each is copied
# inside Redis until there are COUNT sessions, by a Lua script (a few thousand sessions a call,
# nothing through a client): its sealed value with its remaining expiry under a new name of the
# same length, its provider session's index set under a new name too (the copy its one member,
# with the index's expiry), and the copy's name added to its member's index set, which a
# sign-in of that member would grow the same way. Prints Redis's `used_memory` (read once no
# main table is being rehashed) per session, at SAMPLE and at each count. What differs from
# as many sign-ins: the copies repeat the sample's sealed values byte for byte (Redis shares
# no string, so each costs what its size costs; a copy would not open under its new name, and
# nothing asks it to), and they are written in one go rather than between other commands.
# Needs node, nginx, curl, redis-server and redis-cli.
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

# redis_used PORT: Redis's used_memory in bytes, once neither the keys' table nor the
# expiries' is being rehashed (a table doubles as it grows, the old one kept until every key
# has moved: measured then, a count just past a power of two would pay both).
redis_used() {
  local tries=0
  while redis-cli -p "$1" debug htstats 0 | grep -q 'rehashing target' && [ $((tries += 1)) -lt 300 ]; do sleep 0.1; done
  redis-cli -p "$1" info memory | awk -F: '/^used_memory:/ { print $2 + 0 }'
}

# The copy a Lua script makes, in Redis, of the sessions its arguments name (ARGV[1], the copy's
# number; then, for each session, its key, its provider session's index and its member's):
# names of the same length, their last 8 characters the copy's number in hexadecimal.
copy_sessions='
local number = string.format("%08x", tonumber(ARGV[1]))
local function renamed(key) return string.sub(key, 1, #key - 8) .. number end
for i = 2, #ARGV, 3 do
  local session, sid, sub = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local copy = renamed(session)
  redis.call("SET", copy, redis.call("GET", session), "PX", redis.call("PTTL", session))
  local index = renamed(sid)
  redis.call("SADD", index, copy)
  redis.call("EXPIRE", index, redis.call("TTL", sid))
  redis.call("SADD", sub, copy)
end'

if [ "$mode" = redis-scale ]; then
  require_tools node nginx curl redis-server redis-cli
  release_binary
  IFS=, read -ra counts <<<"${1:-100000,1000000}"
  sample=${2:-10000}
  redis_port=$(free_port)
  redis-server --port "$redis_port" --bind 127.0.0.1 --dir "$work" --save '' --appendonly no \
    --enable-debug-command local >"$work/redis.log" 2>&1 &
  until redis-cli -p "$redis_port" ping >/dev/null 2>&1; do sleep 0.01; done
  start_beside_stand_ins "store = \"redis\"
redis_url = \"redis://127.0.0.1:$redis_port/\"
encryption_keys = [\"$(head -c 32 /dev/urandom | base64)\"]"
  before=$(redis_used "$redis_port")
  sign_ins "$front" "$sample" 16 | sed 's/^/  /'
  # Only Redis is measured from here: the portal's periodic count (a SCAN) would only slow it.
  kill "$portal_pid"
  prefix=espace-assure:v2
  # Each session of the sample with its two indexes: its provider session's (one member) and
  # its member's (five, one per demo member).
  redis-cli -p "$redis_port" --scan --pattern "$prefix:sid:*" >"$work/sids"
  sed 's/^/SMEMBERS /' "$work/sids" | redis-cli -p "$redis_port" >"$work/sessions"
  [ "$(wc -l <"$work/sessions")" = "$sample" ] && [ "$(wc -l <"$work/sids")" = "$sample" ] ||
    { echo "expected $sample sessions, each in a provider session of its own" >&2; exit 1; }
  for sub in $(redis-cli -p "$redis_port" --scan --pattern "$prefix:sub:*"); do
    redis-cli -p "$redis_port" smembers "$sub" | sed "s|\$| $sub|"
  done >"$work/members"
  mapfile -t triples < <(paste -d' ' "$work/sessions" "$work/sids" |
    awk 'NR == FNR { sub_of[$1] = $2; next } { print $1; print $2; print sub_of[$1] }' "$work/members" -)
  sha=$(redis-cli -p "$redis_port" script load "$copy_sessions")

  printf '%-10s %-40s %16s %18s\n' sessions made "Redis used_memory" "Redis per session"
  # row COUNT HOW: the figures at COUNT sessions.
  row() {
    local used
    used=$(redis_used "$redis_port")
    printf '%-10s %-40s %12s MiB %14s KiB\n' "$1" "$2" "$(awk -v b="$used" 'BEGIN { printf "%.0f", b / 1048576 }')" \
      "$(awk -v a="$used" -v b="$before" -v n="$1" 'BEGIN { printf "%.2f", (a - b) / n / 1024 }')"
  }
  row "$sample" "signed in"
  have=$sample copy=0 started=$SECONDS
  for count in "${counts[@]}"; do
    while [ "$have" -lt "$count" ]; do
      copy=$((copy + 1))
      take=$((count - have < sample ? count - have : sample))
      for ((at = 0; at < 3 * take; at += 3000)); do
        length=$((3 * take - at < 3000 ? 3 * take - at : 3000))
        redis-cli -p "$redis_port" evalsha "$sha" 0 "$copy" "${triples[@]:at:length}" >/dev/null
      done
      have=$((have + take))
    done
    # Every copy has a name of its own: its member's index set grew by one for each.
    indexed=0
    for sub in $(redis-cli -p "$redis_port" --scan --pattern "$prefix:sub:*"); do
      indexed=$((indexed + $(redis-cli -p "$redis_port" scard "$sub")))
    done
    [ "$indexed" = "$count" ] || { echo "$indexed sessions indexed, not $count" >&2; exit 1; }
    row "$count" "$sample signed in, $((count - sample)) copied ($((SECONDS - started)) s)"
  done
  exit 0
fi

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
[ "$mode" = anonymous ] || {
  echo "usage: memory.sh sessions [COUNTS] | memory.sh redis-scale [COUNTS] [SAMPLE] | memory.sh anonymous [REQUESTS] [ROUNDS]" >&2
  exit 2
}
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
