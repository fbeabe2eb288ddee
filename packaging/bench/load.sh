#!/usr/bin/env bash
# Signed-in load: SESSIONS sessions of the five demo members, signed in through the embedded
# provider as a browser does, then `wrk` drives the mix a member's pages make (session, home
# dashboard, payments, requests, contracts, card, beneficiaries, content menus and left block),
# each request with the next session in turn. Prints requests/s, p50/p99/p99.9 and the errors
# (any answer other than 2xx, and socket errors).
#
#   MODE=one  (default) one instance in demo mode, as `cargo run --release` starts it;
#   MODE=two  two instances sharing their sessions in Redis behind nginx (round robin): the
#             first carries the demo's provider, member API and content service.
#   TOKEN_TTL the demo provider's access-token lifetime in seconds (default 3600): a short one
#             (20) makes every session refresh its tokens under load.
#   LATENCY   the demo member API answers each call after LATENCY ms, give or take JITTER ms
#   JITTER    (drawn evenly; default 0 and 0): an upstream across a network.
#   PATHS     the mix, comma-separated (default: the pages' mix above), e.g. PATHS=/api/home.
#
# Needs: node, wrk, curl, nginx and redis-server (MODE=two). Usage:
#   packaging/bench/load.sh [sessions, default 1000] [seconds, default 60] [connections, default 64]
# ESPACE_ASSURE_BIN names another build of the binary to measure.
set -euo pipefail
cd "$(dirname "$0")/../.."
source packaging/bench/lib.sh
sessions=${1:-1000}
duration=${2:-60}
connections=${3:-64}
mode=${MODE:-one}
token_ttl=${TOKEN_TTL:-3600}
binary=${ESPACE_ASSURE_BIN:-$PWD/target/release/espace-assure}
latency=${LATENCY:-0}
jitter=${JITTER:-0}
paths=${PATHS:-/api/session,/api/home,/api/assure/prestations,/api/demandes,/api/assure/contrats,\
/api/assure/carte-tp,/api/assure/beneficiaires,/api/strapi/menus,/api/strapi/bloc-gauche/home}

require_tools node wrk curl
[ "$mode" = one ] || require_tools nginx redis-server
release_binary

first=$(free_port)
secret=$(head -c 24 /dev/urandom | base64)
common="
[demo]
enabled = true
data_dir = \"$work/demo\"
access_token_ttl_secs = $token_ttl
api_latency_ms = $latency
api_latency_jitter_ms = $jitter
[oidc]
client_secret = \"$secret\"
$unbounded_sign_ins"
session_keys=$unbounded_sessions
if [ "$mode" = one ]; then
  portal=http://127.0.0.1:$first
  printf '[server]\nlisten = "127.0.0.1:%s"\n%s\n[session]%s\n' "$first" "$common" "$session_keys" >"$work/first.toml"
else
  redis_port=$(free_port) second=$(free_port) front=$(free_port)
  portal=http://127.0.0.1:$front
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
    >"$work/redis.log" 2>&1 &
  sessions_in_redis="
[session]
store = \"redis\"
redis_url = \"redis://127.0.0.1:$redis_port/\"
encryption_keys = [\"$(head -c 32 /dev/urandom | base64)\"]$session_keys"
  # Both answer to the same public address; the provider, member API and content service are
  # the first one's, which nginx alone reaches under /_demo/.
  printf '[server]\nlisten = "127.0.0.1:%s"\npublic_url = "%s/"\n%s\n%s\n' \
    "$first" "$portal" "$common" "$sessions_in_redis" >"$work/first.toml"
  beside_the_first second "$second"
  start_nginx front "
    upstream portals { server 127.0.0.1:$first; server 127.0.0.1:$second; keepalive 64; }
    upstream first { server 127.0.0.1:$first; keepalive 16; }
    server {
      listen 127.0.0.1:$front;
      location / {
        proxy_pass http://portals;
        proxy_http_version 1.1;
        proxy_set_header Connection \"\";
      }
      location /_demo/ {
        proxy_pass http://first;
        proxy_http_version 1.1;
        proxy_set_header Connection \"\";
      }
    }"
fi
RUST_LOG=warn "$binary" --config "$work/first.toml" >"$work/first.log" 2>&1 &
wait_ready "http://127.0.0.1:$first/readyz"
if [ "$mode" = two ]; then
  RUST_LOG=warn "$binary" --config "$work/second.toml" >"$work/second.log" 2>&1 &
  wait_ready "http://127.0.0.1:$second/readyz"
fi

started=$SECONDS
sign_ins "$portal" "$sessions" 16 >/dev/null
echo "$sessions sessions signed in ($mode instance$([ "$mode" = one ] || echo s), tokens living ${token_ttl} s\
$([ "$latency" = 0 ] || echo ", member API answering in ${latency} ± ${jitter} ms")) in $((SECONDS - started)) s"

read -r rps p50 p99 p999 status socket < <(COOKIES=$work/cookies PATHS=$paths \
  wrk -t1 -c"$connections" -d"${duration}s" -s packaging/bench/load.lua "$portal/" | tail -1)
printf '%-10s %10s %10s %10s %10s %14s %14s\n' mode "req/s" "p50 ms" "p99 ms" "p99.9 ms" "non-2xx" "socket errors"
printf '%-10s %10s %10s %10s %10s %14s %14s\n' "$mode" "$rps" "$p50" "$p99" "$p999" "$status" "$socket"
