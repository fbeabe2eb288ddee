#!/usr/bin/env bash
# Member API proxy: one GET (/api/assure/prestations-recentes) sent to the same upstream three
# ways: directly, through nginx proxy_pass (keep-alive pool) and through the portal with a
# signed-in member's session cookie. The upstream is an nginx answering a fixed JSON body, so
# that what is measured is the hop, not the member API. One worker each; wrk over loopback.
#
# Two runs per target: one connection (latency: the hop's added p50/p99) and 32 connections
# (throughput). The portal runs in demo mode for sign-in only (embedded provider), its member
# API switched off and pointed at the upstream.
#
# A fourth target, the floor, is the portal's stack doing nothing but the hop
# (`examples/proxy_floor.rs`: actix-web and hyper's pooled client, no session, no middleware).
#
# INSTRUCTIONS=N counts instead the instructions the floor and the portal each spend on a
# proxied request, over N requests on one connection, under callgrind: a figure this VM's drift
# (5 to 10 µs per request between runs) does not move, for changes of a microsecond.
#
# PROFILES=DIR keeps there, when counting, each target's callgrind output, for
# `callgrind_annotate --inclusive=yes` to say where the instructions go.
#
# DPOP=1 signs the portal in with DPoP-bound tokens (`oidc.dpop`): every proxied call then
# carries a proof of the session's key, which the upstream ignores; what it costs the portal is
# the difference with a run without.
#
# Needs: nginx, wrk, curl (and valgrind to count). Usage: packaging/bench/proxy.sh [seconds per
# run, default 10]. ESPACE_ASSURE_BIN names another build of the binary to measure,
# PROXY_FLOOR_BIN another build of the floor.
set -euo pipefail
cd "$(dirname "$0")/../.."
source packaging/bench/lib.sh
duration=${1:-10}
binary=${ESPACE_ASSURE_BIN:-$PWD/target/release/espace-assure}
upstream_port=18190
nginx_port=18191
portal_port=18192
floor_port=18193
path=/api/assure/prestations-recentes

require_tools wrk nginx curl
count=${INSTRUCTIONS:-}
# counted NAME: the command line that starts NAME, under callgrind when counting (instrumented
# only from `callgrind_control -i on`, so that start-up runs at full speed).
counted() {
  [ -z "$count" ] || echo valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$work/$1.callgrind"
}
[ -z "$count" ] || require_tools valgrind callgrind_control callgrind_annotate
release_binary
floor=${PROXY_FLOOR_BIN:-$PWD/target/release/examples/proxy_floor}
[ -n "${PROXY_FLOOR_BIN:-}" ] || cargo build --release --locked --quiet --example proxy_floor

# Five recent payments, the size of a real answer, readable by nginx's unprivileged worker.
chmod 755 "$work"
mkdir -p "$work/upstream/api/assure"
payments=()
for day in 14 12 09 05 02; do
  payments+=("{\"paymentId\":\"PAI-2026-11-$day\",\"paymentDate\":\"2026-11-$day\",\"beneficiaryFirstName\":\"Marie\",\
\"beneficiaryLastName\":\"DUPONT\",\"destinataire\":\"ASSURE\",\"nomDestinataire\":\"Mme Marie DUPONT\",\
\"montantDepense\":60.00,\"montantSecu\":30.00,\"montantRembourse\":22.50,\"resteACharge\":7.50}")
done
(IFS=,; echo "[${payments[*]}]") >"$work/upstream/api/assure/prestations-recentes"

start_nginx upstream "
  server {
    listen 127.0.0.1:$upstream_port;
    root $work/upstream;
    default_type application/json;
    # The sign-in's POST compte/auth: the member the session will hold.
    location = /api/compte/auth {
      return 200 '{\"User\":{\"NumeroPersonne\":\"100001\",\"Prenom\":\"Marie\",\"Nom\":\"DUPONT\"},\"VersionNum\":\"1\"}';
    }
  }"
start_nginx proxy "
  upstream member_api { server 127.0.0.1:$upstream_port; keepalive 64; }
  server {
    listen 127.0.0.1:$nginx_port;
    location /api/ {
      proxy_pass http://member_api/api/;
      proxy_http_version 1.1;
      proxy_set_header Connection \"\";
    }
  }"

cat >"$work/portal.toml" <<CONF
[server]
listen = "127.0.0.1:$portal_port"
workers = 1
[demo]
enabled = true
api = false
data_dir = "$work/demo"
# Long enough that no refresh happens during the runs.
access_token_ttl_secs = 3600
[upstream.api]
base_url = "http://127.0.0.1:$upstream_port/api/"
[oidc]
dpop = $([ -n "${DPOP:-}" ] && echo true || echo false)
CONF
RUST_LOG=warn $(counted portal) "$binary" --config "$work/portal.toml" >"$work/portal.log" 2>&1 &
portal_pid=$!
wait_ready "http://127.0.0.1:$portal_port/readyz"
$(counted floor) "$floor" "127.0.0.1:$floor_port" "http://127.0.0.1:$upstream_port" >"$work/floor.log" 2>&1 &
floor_pid=$!

# Sign in as Marie DUPONT through the embedded provider, as a browser would.
portal=http://127.0.0.1:$portal_port
jar=$work/cookies
follow() { curl -fsS -b "$jar" -c "$jar" -o /dev/null -w '%{redirect_url}' "$@"; }
authorize=$(follow "$portal/auth/login?returnTo=/home")
pending=$(curl -fsS -b "$jar" -c "$jar" "$authorize" | grep -o 'name="request" value="[^"]*"' | cut -d'"' -f4)
callback=$(follow --data-urlencode "request=$pending" --data-urlencode person=100001 "$portal/_demo/idp/sign-in")
follow "$callback" >/dev/null
# curl marks HttpOnly cookies with a "#HttpOnly_" prefix on the domain column.
session=$(awk '$6 == "espace-assure-session" { print $6 "=" $7 }' "$jar")
[ -n "$session" ] || { echo "sign-in failed: no session cookie" >&2; exit 1; }

direct=$(curl -fsS "http://127.0.0.1:$upstream_port$path")
through=$(curl -fsS -H "Cookie: $session" "$portal$path")
[ "$direct" = "$through" ] || { echo "the portal's answer differs from the upstream's" >&2; exit 1; }
wait_ready "http://127.0.0.1:$floor_port$path"
[ "$direct" = "$(curl -fsS "http://127.0.0.1:$floor_port$path")" ] || { echo "the floor's answer differs" >&2; exit 1; }

# instructions NAME PID URL [curl options]: instructions per request of $count requests over
# one kept-alive connection, after as many to warm the pools and caches up.
instructions() {
  local name=$1 pid=$2 url=$3 urls=()
  shift 3
  for ((i = 0; i < count; i++)); do urls+=("$url"); done
  callgrind_control -i on "$pid" >/dev/null 2>&1
  curl -fsS "$@" "${urls[@]}" >/dev/null
  callgrind_control -z "$pid" >/dev/null 2>&1
  curl -fsS "$@" "${urls[@]}" >/dev/null
  callgrind_control -d "$pid" >/dev/null 2>&1
  local total out
  out=$(ls -t "$work/$name.callgrind"* | head -1)
  [ -z "${PROFILES:-}" ] || { mkdir -p "$PROFILES" && cp "$out" "$PROFILES/$name.callgrind"; }
  total=$(callgrind_annotate "$out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
  printf '%-8s %9d\n' "$name" $((total / count))
}
if [ -n "$count" ]; then
  echo "instructions per proxied request ($count requests, one connection):"
  instructions floor "$floor_pid" "http://127.0.0.1:$floor_port$path"
  instructions portal "$portal_pid" "$portal$path" -H "Cookie: $session"
  exit 0
fi

printf '%-16s %12s %12s %12s %14s %12s\n' target "p50 ms (1c)" "p99 ms (1c)" "added p50" "req/s (32c)" "p99 ms (32c)"
declare -A rps p50
for spec in "direct|$upstream_port|" "nginx proxy_pass|$nginx_port|" "floor|$floor_port|" \
  "portal|$portal_port|Cookie: $session"; do
  IFS='|' read -r name port header <<<"$spec"
  url=http://127.0.0.1:$port$path
  read -r _ one_p50 one_p99 < <(measure 1 "$duration" "$url" ${header:+-H "$header"})
  read -r many_rps _ many_p99 < <(measure 32 "$duration" "$url" ${header:+-H "$header"})
  rps[$name]=$many_rps; p50[$name]=$one_p50
  added=$(awk -v a="$one_p50" -v b="${p50[direct]}" 'BEGIN { printf "%.3f", a - b }')
  printf '%-16s %12s %12s %12s %14s %12s\n' "$name" "$one_p50" "$one_p99" "$added" "$many_rps" "$many_p99"
done
echo
echo "portal throughput / nginx proxy_pass: $(ratio "${rps[portal]}" "${rps[nginx proxy_pass]}")"
echo "floor throughput / nginx proxy_pass: $(ratio "${rps[floor]}" "${rps[nginx proxy_pass]}")"
