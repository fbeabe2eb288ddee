#!/usr/bin/env bash
# Static files: the release binary against nginx serving the same frontend/dist, one worker
# each, driven by wrk over loopback for the same duration. Also the binary's size, idle RSS and
# time from start to /readyz answering 200.
#
# Needs: nginx with the brotli_static module (Debian: nginx-light libnginx-mod-http-brotli-static)
# and wrk. Usage: packaging/bench/static.sh [seconds per run, default 10]
set -euo pipefail
cd "$(dirname "$0")/../.."
source packaging/bench/lib.sh
duration=${1:-10}
connections=32
binary=target/release/espace-assure
dist=$PWD/frontend/dist
portal_port=18180
nginx_port=18181

require_tools wrk nginx curl
release_binary

module=$(ls /usr/lib/nginx/modules/ngx_http_brotli_static_module.so 2>/dev/null || true)
nginx_main=${module:+"load_module $module;"} start_nginx static "
  sendfile on;
  tcp_nopush on;
  gzip_static on;
  ${module:+brotli_static on;}
  server {
    listen 127.0.0.1:$nginx_port;
    root $dist;
    location /assets/ { add_header Cache-Control \"public, max-age=31536000, immutable\"; }
    location / { try_files \$uri /index.html; add_header Cache-Control \"no-cache\"; }
  }"

# Start-up time: from exec to the first /readyz answered 200.
mkdir -p "$work/demo"
started=$(date +%s%N)
(cd "$work/demo" && ESPACE_ASSURE__SERVER__LISTEN=127.0.0.1:$portal_port ESPACE_ASSURE__SERVER__WORKERS=1 \
  RUST_LOG=warn exec "$OLDPWD/$binary" >/dev/null 2>&1) &
portal_pid=$!
wait_ready "http://127.0.0.1:$portal_port/readyz"
ready_ms=$(( ($(date +%s%N) - started) / 1000000 ))
sleep 1
rss_kib=$(ps -o rss= -p "$(pgrep -P $portal_pid || echo $portal_pid)" | tr -d ' ')

largest=$(cd "$dist/assets" && ls -S -- *.js | head -1)

printf '%-28s %12s %10s %12s %10s %8s\n' target "portal req/s" "p99 ms" "nginx req/s" "p99 ms" ratio
for spec in "/index.html|gzip, br|/index.html" "/assets/$largest|br|largest JS (br)"; do
  IFS='|' read -r path encoding label <<<"$spec"
  read -r portal_rps _ portal_p99 < <(measure $connections "$duration" "http://127.0.0.1:$portal_port$path" \
    -H "Accept-Encoding: $encoding")
  read -r nginx_rps _ nginx_p99 < <(measure $connections "$duration" "http://127.0.0.1:$nginx_port$path" \
    -H "Accept-Encoding: $encoding")
  printf '%-28s %12s %10s %12s %10s %8s\n' "$label" "$portal_rps" "$portal_p99" "$nginx_rps" "$nginx_p99" \
    "$(ratio "$portal_rps" "$nginx_rps")"
done
echo
echo "binary size: $(du -h "$binary" | cut -f1) ($(stat -c %s "$binary") bytes)"
echo "idle RSS after start: $((rss_kib / 1024)) MiB ($rss_kib KiB)"
echo "start to /readyz 200: ${ready_ms} ms"
