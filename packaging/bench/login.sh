#!/usr/bin/env bash
# Login storm: complete sign-ins as browsers make them, many at once (sign-ins.mjs: the portal's
# /auth/login, the provider's page and form, the portal's /auth/callback), twice:
#   1. through one instance in demo mode, as `cargo run --release` starts it: the portal, its
#      embedded provider and member API sharing the machine;
#   2. through the portal alone, beside another instance standing in for a partner's provider
#      and member API (both behind one nginx address): the portal's own CPU time per sign-in,
#      and the calls it makes to the provider for each, what a partner's Keycloak sees of it.
# Prints the sign-ins per second, p50/p99 of one sign-in and the failures of each.
#
# Needs: node, nginx, curl. Usage: packaging/bench/login.sh [sign-ins, default 3000]
#   [concurrency, default 16]. ESPACE_ASSURE_BIN names another build of the binary to measure.
set -euo pipefail
cd "$(dirname "$0")/../.."
source packaging/bench/lib.sh
count=${1:-3000}
concurrency=${2:-16}
binary=${ESPACE_ASSURE_BIN:-$PWD/target/release/espace-assure}

require_tools node nginx curl
release_binary

port=$(free_port)
cat >"$work/demo.toml" <<CONF
[server]
listen = "127.0.0.1:$port"
[demo]
enabled = true
data_dir = "$work/one"
[oidc]
client_secret = "$(head -c 24 /dev/urandom | base64)"
$unbounded_sign_ins
[session]$unbounded_sessions
CONF
RUST_LOG=warn "$binary" --config "$work/demo.toml" >"$work/demo.log" 2>&1 &
demo_pid=$!
wait_ready "http://127.0.0.1:$port/readyz"
echo "one instance, embedded provider:"
sign_ins "http://127.0.0.1:$port" "$count" "$concurrency"
kill "$demo_pid"

start_beside_stand_ins ""
cpu_before=$(cpu_secs "$portal_pid")
echo "the portal beside a stand-in provider:"
sign_ins "$front" "$count" "$concurrency"
cpu_after=$(cpu_secs "$portal_pid")
awk -v before="$cpu_before" -v after="$cpu_after" -v n="$count" \
  'BEGIN { printf "  the portal'"'"'s CPU time: %.2f ms per sign-in\n", (after - before) * 1000 / n }'
echo "  its calls to the provider, per sign-in:"
curl -fsS -H "Authorization: Bearer $metrics_token" "$portal_metrics" |
  awk -v n="$count" -F'[{}]' '/^upstream_request_duration_seconds_count\{.*upstream="identity_provider"/ {
    match($2, /call="[^"]*"/); printf "    %-40s %.2f\n", substr($2, RSTART + 6, RLENGTH - 7), $3 / n }'
