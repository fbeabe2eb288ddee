# Shared by the benchmark scripts: a scratch folder cleaned on exit, nginx instances started
# from a configuration body, and wrk runs reduced to one line of figures.
# Source it after `set -euo pipefail`; it sets $work.

work=$(mktemp -d)
nginx_confs=()
cleanup() {
  kill $(jobs -p) 2>/dev/null || true
  for conf in "${nginx_confs[@]}"; do nginx -c "$conf" -p "$work" -s stop 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

require_tools() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "install $tool" >&2; exit 1; }
  done
}

# start_nginx NAME HTTP_BLOCK: one nginx with a single worker (as the portal is run here)
# whose http { } block is HTTP_BLOCK; extra main-level lines may come in $nginx_main.
start_nginx() {
  local conf=$work/$1.conf
  cat >"$conf" <<CONF
${nginx_main:-}
worker_processes 1;
daemon on;
error_log $work/$1.error.log;
pid $work/$1.pid;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  keepalive_requests 1000000;
  $2
}
CONF
  nginx -c "$conf" -p "$work"
  nginx_confs+=("$conf")
}

# release_binary: builds the release binary, unless $ESPACE_ASSURE_BIN names one to measure.
# Always asked of cargo (a no-op when it is up to date): the binary that `cargo test --release`
# leaves at the same path answered the proxy benchmark about 30 % slower (2026-11-24).
release_binary() {
  [ -n "${ESPACE_ASSURE_BIN:-}" ] || cargo build --release --locked --quiet
}

# wait_ready URL: polls until URL answers 2xx.
wait_ready() {
  until curl -fso /dev/null "$1"; do sleep 0.005; done
}

# measure CONNECTIONS SECONDS URL [wrk options...]: prints "requests/s p50_ms p99_ms".
measure() {
  local connections=$1 seconds=$2 url=$3
  shift 3
  wrk -t1 -c"$connections" -d"${seconds}s" --latency "$@" "$url" | awk '
    function ms(value) {
      if (value ~ /us$/) return substr(value, 1, length(value) - 2) / 1000
      if (value ~ /ms$/) return substr(value, 1, length(value) - 2) + 0
      if (value ~ /s$/) return substr(value, 1, length(value) - 1) * 1000
      return value
    }
    /Requests\/sec/ { rps = $2 }
    $1 == "50%" { p50 = ms($2) }
    $1 == "99%" { p99 = ms($2) }
    / Non-2xx or 3xx responses/ { failures = $NF }
    END {
      if (failures > 0) { print "wrk: " failures " answers were not 2xx/3xx" > "/dev/stderr"; exit 1 }
      printf "%.0f %.3f %.3f\n", rps, p50, p99
    }'
}

ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'
}
