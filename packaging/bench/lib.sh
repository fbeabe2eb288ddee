# Shared by the benchmark scripts: a scratch folder cleaned on exit, nginx instances started
# from a configuration body, a portal beside stand-ins for a partner's upstreams, sign-ins
# made as browsers make them, and wrk runs reduced to one line of figures.
# Source it after `set -euo pipefail`; it sets $work.

work=$(mktemp -d)
nginx_confs=()
# cleanup_instances: stops what the script started so far (to start afresh, or on exit).
cleanup_instances() {
  kill $(jobs -p) 2>/dev/null || true
  wait 2>/dev/null || true
  for conf in "${nginx_confs[@]}"; do nginx -c "$conf" -p "$work" -s stop 2>/dev/null || true; done
  nginx_confs=()
  rm -rf "$work/demo"
}
trap 'cleanup_instances; rm -rf "$work"' EXIT

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

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# sign_ins PORTAL_URL COUNT [CONCURRENCY]: COUNT sign-ins of the demo members through the
# demo provider the portal sends browsers to; their session cookies go to $work/cookies.
sign_ins() {
  node packaging/bench/sign-ins.mjs "$1" "$2" "${3:-16}" --cookies "$work/cookies"
}

# Lifts the bounds that would refuse a benchmark's many sign-ins from one address, many for
# each demo member.
unbounded_sign_ins="
[limits]
sign_ins_per_minute = 1000000
writes_per_minute = 1000000"
unbounded_sessions="
max_per_member = 1000000"

# beside_the_first NAME PORT: writes $work/NAME.toml, another instance listening at PORT that
# answers to the same public address ($portal) as the first (at $first), whose provider, member
# API and content service it calls, with the client secret $secret, the sign-ins of
# $unbounded_sign_ins and the sessions of $sessions_in_redis.
beside_the_first() {
  cat >"$work/$1.toml" <<CONF
[server]
listen = "127.0.0.1:$2"
public_url = "$portal/"
[oidc]
issuer = "$portal/_demo/idp/"
client_secret = "$secret"
[upstream.api]
base_url = "http://127.0.0.1:$first/_demo/api/"
[upstream.cms]
base_url = "http://127.0.0.1:$first/_demo/cms/"
$unbounded_sign_ins
$sessions_in_redis
CONF
}

# start_beside_stand_ins SESSION_SETTINGS: the portal under test, with no demo inside, and
# another instance in demo mode standing in for a partner's provider, member API and content
# service, both behind one nginx address as a partner's would be (/_demo/ to the stand-ins,
# the rest to the portal). SESSION_SETTINGS is the body of the portal's [session] table. Sets
# $front (the public URL), $portal_pid and $portal_metrics (its /metrics, with $metrics_token).
start_beside_stand_ins() {
  local stand_in portal secret
  stand_in=$(free_port) portal=$(free_port) front=$(free_port)
  secret=$(head -c 24 /dev/urandom | base64)
  metrics_token=$(head -c 24 /dev/urandom | base64 | tr -d '+/=')
  cat >"$work/stand-in.toml" <<CONF
[server]
listen = "127.0.0.1:$stand_in"
public_url = "http://127.0.0.1:$front/"
[demo]
enabled = true
data_dir = "$work/demo"
access_token_ttl_secs = 3600
[oidc]
client_secret = "$secret"
$unbounded_sign_ins
CONF
  cat >"$work/portal.toml" <<CONF
[server]
listen = "127.0.0.1:$portal"
public_url = "http://127.0.0.1:$front/"
metrics_token = "$metrics_token"
[oidc]
issuer = "http://127.0.0.1:$front/_demo/idp/"
client_secret = "$secret"
[upstream.api]
base_url = "http://127.0.0.1:$stand_in/_demo/api/"
[upstream.cms]
base_url = "http://127.0.0.1:$stand_in/_demo/cms/"
$unbounded_sign_ins
[session]$unbounded_sessions
$1
CONF
  start_nginx "front-$front" "
    upstream portal { server 127.0.0.1:$portal; keepalive 64; }
    upstream stand_in { server 127.0.0.1:$stand_in; keepalive 64; }
    server {
      listen 127.0.0.1:$front;
      location / { proxy_pass http://portal; proxy_http_version 1.1; proxy_set_header Connection \"\"; }
      location /_demo/ { proxy_pass http://stand_in; proxy_http_version 1.1; proxy_set_header Connection \"\"; }
    }"
  RUST_LOG=warn "$binary" --config "$work/stand-in.toml" >"$work/stand-in.log" 2>&1 &
  wait_ready "http://127.0.0.1:$stand_in/readyz"
  RUST_LOG=warn "$binary" --config "$work/portal.toml" >"$work/portal.log" 2>&1 &
  portal_pid=$!
  wait_ready "http://127.0.0.1:$portal/readyz"
  front=http://127.0.0.1:$front
  portal_metrics=http://127.0.0.1:$portal/metrics
}

# rss_kib PID: the process's resident memory in KiB.
rss_kib() { awk '/VmRSS/ { print $2 }' "/proc/$1/status"; }

# cpu_secs PID: the CPU time the process has used, user and system, in seconds.
cpu_secs() { awk -v tick="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / tick }' "/proc/$1/stat"; }
