#!/usr/bin/env bash
# Static files: the release binary against nginx serving the same frontend/dist, one worker
# each, driven by wrk over loopback for the same duration. Also the binary's size, idle RSS and
# time from start to /readyz answering 200.
#
# Needs: nginx with the brotli_static module (Debian: nginx-light libnginx-mod-http-brotli-static)
# and wrk. Usage: packaging/bench/static.sh [seconds per run, default 10]
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${1:-10}
connections=32
binary=target/release/espace-assure
dist=$PWD/frontend/dist
portal_port=18180
nginx_port=18181
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; nginx -c "$work/nginx.conf" -p "$work" -s stop 2>/dev/null; rm -rf "$work"' EXIT

[ -x "$binary" ] || cargo build --release --locked
command -v wrk >/dev/null && command -v nginx >/dev/null || { echo "install wrk and nginx" >&2; exit 1; }

module=$(ls /usr/lib/nginx/modules/ngx_http_brotli_static_module.so 2>/dev/null || true)
cat > "$work/nginx.conf" <<CONF
${module:+load_module $module;}
worker_processes 1;
daemon on;
error_log $work/error.log;
pid $work/nginx.pid;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip_static on;
  ${module:+brotli_static on;}
  server {
    listen 127.0.0.1:$nginx_port;
    root $dist;
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { try_files \$uri /index.html; add_header Cache-Control "no-cache"; }
  }
}
CONF
nginx -c "$work/nginx.conf" -p "$work"

# Start-up time: from exec to the first /readyz answered 200.
mkdir -p "$work/demo"
started=$(date +%s%N)
(cd "$work/demo" && ESPACE_ASSURE__SERVER__LISTEN=127.0.0.1:$portal_port ESPACE_ASSURE__SERVER__WORKERS=1 \
  RUST_LOG=warn exec "$OLDPWD/$binary" >/dev/null 2>&1) &
portal_pid=$!
until curl -fso /dev/null "http://127.0.0.1:$portal_port/readyz"; do sleep 0.005; done
ready_ms=$(( ($(date +%s%N) - started) / 1000000 ))
sleep 1
rss_kib=$(ps -o rss= -p "$(pgrep -P $portal_pid || echo $portal_pid)" | tr -d ' ')

largest=$(cd "$dist/assets" && ls -S -- *.js | head -1)

# Prints "requests/s p99" for one server and path.
measure() {
  local output
  output=$(wrk -t1 -c$connections -d"${duration}s" --latency -H "Accept-Encoding: $3" "http://127.0.0.1:$1$2")
  local rps p99
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$output")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$output")
  echo "$rps $p99"
}

printf '%-28s %12s %10s %12s %10s %8s\n' target "portal req/s" "p99" "nginx req/s" "p99" ratio
for spec in "/index.html|gzip, br" "/assets/$largest|br"; do
  path=${spec%%|*}; encoding=${spec#*|}
  read -r portal_rps portal_p99 < <(measure $portal_port "$path" "$encoding")
  read -r nginx_rps nginx_p99 < <(measure $nginx_port "$path" "$encoding")
  ratio=$(awk -v a="$portal_rps" -v b="$nginx_rps" 'BEGIN { printf "%.2f", a / b }')
  label=$path; [ ${#label} -gt 28 ] && label="largest JS (br)"
  printf '%-28s %12s %10s %12s %10s %8s\n' "$label" "$portal_rps" "$portal_p99" "$nginx_rps" "$nginx_p99" "$ratio"
done
echo
echo "binary size: $(du -h "$binary" | cut -f1) ($(stat -c %s "$binary") bytes)"
echo "idle RSS after start: $((rss_kib / 1024)) MiB ($rss_kib KiB)"
echo "start to /readyz 200: ${ready_ms} ms"
