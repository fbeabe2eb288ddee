#!/usr/bin/env bash
# Failover under load: three instances behind nginx (round robin; the first carries the demo's
# provider, member API and content service, which nginx sends /_demo/ to, as load.sh MODE=two
# does), their sessions in Redis through Sentinel: a master, one replica and three sentinels
# (quorum 2, `down-after-milliseconds` 1000, `failover-timeout` 10000; no persistence, `save ""`
# and no AOF: a failover promotes the replica, nothing is read back from disk). SESSIONS
# sessions are signed in (sign-ins.mjs), then the signed-in load runs for SECONDS: load.sh's mix,
# each request with the next session in turn as load.lua sends them, over CONNECTIONS kept-alive
# connections, and the master is killed (SIGKILL) at KILL_AT seconds (default a third of the run).
# Prints:
#   - requests failed, by method, status and body, in flight at the kill or sent after it, and
#     by path: each should be a 503 with the French body a member can retry (« Le service est
#     momentanément indisponible. Veuillez réessayer plus tard. », src/error.rs), and only for
#     writes in flight (load.sh's mix has none: every request is a GET, whose Redis reads the
#     portal sends again after a failover);
#   - sessions lost: every signed-in cookie asked `/api/session` again once the run is over
#     (anything but 200 is lost), and the session keys in the new master against the old one's
#     before the run;
#   - the p99 of each 1 s slice (SLICE) around the kill, and the time until p99 is back: from
#     the kill to the start of the first slice from which three slices in a row have a p99
#     within 1.5 times the baseline, the median p99 of the slices before the kill (the first two
#     left out, warm-up, and the last one, whose requests may still be in flight at the kill);
#   - when the sentinels saw the master down and named the new one (their logs), and what the
#     instances logged.
#
# The load is a small Node.js driver (node:http, written to the scratch folder below), not wrk:
# wrk gives one histogram per run, and a run cut into 1 s slices drops the requests still in
# flight at each slice's end and counts those over its timeout as errors, not latencies: the
# very requests a failover slows. The driver times every request from its sending to the end
# of its answer, puts it in the slice it was sent in, waits for the last ones at the end (30 s
# at most each, then counted as a timeout) and keeps each failed answer's body. It is a closed
# loop like wrk (a connection sends its next request when the last one is answered), and costs
# more CPU than wrk: its share of a core is printed, and its req/s are not load.sh's.
#
#   TOKEN_TTL the demo provider's access-token lifetime in seconds (default 3600): 20 makes every
#             session refresh its tokens under load, writes to Redis the failover may catch.
#   KILL_AT   seconds into the run at which the master is killed (default SECONDS / 3).
#   SLICE     the slices' length in seconds (default 1).
#
# Needs: node, curl, nginx, redis-server, redis-cli. Usage:
#   packaging/bench/failover.sh [sessions, default 1000] [seconds, default 60] [connections, default 64]
# ESPACE_ASSURE_BIN names another build of the binary to measure.
set -euo pipefail
cd "$(dirname "$0")/../.."
source packaging/bench/lib.sh
sessions=${1:-1000}
duration=${2:-60}
connections=${3:-64}
token_ttl=${TOKEN_TTL:-3600}
kill_at=${KILL_AT:-$((duration / 3))}
slice=${SLICE:-1}
binary=${ESPACE_ASSURE_BIN:-$PWD/target/release/espace-assure}
paths=/api/session,/api/home,/api/assure/prestations,/api/demandes,/api/assure/contrats,\
/api/assure/carte-tp,/api/assure/beneficiaires,/api/strapi/menus,/api/strapi/bloc-gauche/home

require_tools node curl nginx redis-server redis-cli
# The baseline needs a few slices before the kill, past the first two (warm-up).
[ "$kill_at" -ge $((5 * slice)) ] && [ "$kill_at" -lt "$duration" ] ||
  { echo "KILL_AT ($kill_at s) must fall within the run ($duration s), at least 5 slices in" >&2; exit 2; }
release_binary

# redis_field PORT FIELD ARGS...: FIELD of the answer to ARGS, a flat list of names and values
# (SENTINEL MASTER) or lines of name:value (INFO).
redis_field() {
  local port=$1 field=$2
  shift 2
  redis-cli -p "$port" "$@" 2>/dev/null | tr -d '\r' | awk -F: -v field="$field" '
    NF == 2 && $1 == field { print $2; exit }
    previous == field { print; exit }
    { previous = $0 }'
}
session_keys() { redis-cli -p "$1" --scan --pattern 'espace-assure:v2:session:*' | wc -l; }

master_port=$(free_port) replica_port=$(free_port)
# In the scratch folder: a replica writes there the copy of the master it loads.
redis-server --port "$master_port" --bind 127.0.0.1 --dir "$work" --save '' --appendonly no >"$work/master.log" 2>&1 &
master_pid=$!
# Out of the shell's jobs, so that its death by SIGKILL is not reported as a failure; stopped
# on exit with the rest should the run end before it.
disown "$master_pid"
trap 'kill "$master_pid" 2>/dev/null || true; cleanup_instances; rm -rf "$work"' EXIT
redis-server --port "$replica_port" --bind 127.0.0.1 --dir "$work" --save '' --appendonly no \
  --replicaof 127.0.0.1 "$master_port" >"$work/replica.log" 2>&1 &
sentinel_ports=() sentinel_urls=()
for n in 1 2 3; do
  port=$(free_port)
  # Sentinel rewrites its file (the replicas and sentinels it found, the epochs): one each.
  cat >"$work/sentinel-$n.conf" <<CONF
port $port
bind 127.0.0.1
dir $work
sentinel monitor mymaster 127.0.0.1 $master_port 2
sentinel down-after-milliseconds mymaster 1000
sentinel failover-timeout mymaster 10000
CONF
  redis-server "$work/sentinel-$n.conf" --sentinel >"$work/sentinel-$n.log" 2>&1 &
  sentinel_ports+=("$port") sentinel_urls+=("\"redis://127.0.0.1:$port\"")
done
# Until each sentinel knows the replica and the two other sentinels, a failover could not be
# agreed on or would have nowhere to go.
for port in "${sentinel_ports[@]}"; do
  until [ "$(redis_field "$port" num-slaves sentinel master mymaster)" = 1 ] &&
    [ "$(redis_field "$port" num-other-sentinels sentinel master mymaster)" = 2 ]; do sleep 0.1; done
done
until [ "$(redis_field "$replica_port" master_link_status info replication)" = up ]; do sleep 0.1; done

first=$(free_port) second=$(free_port) third=$(free_port) front=$(free_port)
portal=http://127.0.0.1:$front
secret=$(head -c 24 /dev/urandom | base64)
sessions_in_redis="
[session]
store = \"redis\"
redis_url = \"redis://mymaster/0\"
redis_sentinels = [$(IFS=,; echo "${sentinel_urls[*]}")]
encryption_keys = [\"$(head -c 32 /dev/urandom | base64)\"]$unbounded_sessions"
cat >"$work/first.toml" <<CONF
[server]
listen = "127.0.0.1:$first"
public_url = "$portal/"
[demo]
enabled = true
data_dir = "$work/demo"
access_token_ttl_secs = $token_ttl
[oidc]
client_secret = "$secret"
$unbounded_sign_ins
$sessions_in_redis
CONF
# The two others answer to the same public address, the first one's provider, member API and
# content service theirs.
for name in second third; do
  beside_the_first "$name" "${!name}"
done
start_nginx front "
  upstream portals {
    server 127.0.0.1:$first; server 127.0.0.1:$second; server 127.0.0.1:$third;
    keepalive 64;
  }
  upstream first { server 127.0.0.1:$first; keepalive 16; }
  server {
    listen 127.0.0.1:$front;
    location / { proxy_pass http://portals; proxy_http_version 1.1; proxy_set_header Connection \"\"; }
    location /_demo/ { proxy_pass http://first; proxy_http_version 1.1; proxy_set_header Connection \"\"; }
  }"
for name in first second third; do
  # Warnings, and the refreshes that end a session (logged as information).
  RUST_LOG=warn,espace_assure::auth::refresh=info "$binary" --config "$work/$name.toml" >"$work/$name.log" 2>&1 &
  wait_ready "http://127.0.0.1:${!name}/readyz"
done

started=$SECONDS
sign_ins "$portal" "$sessions" 16 >/dev/null
keys_before=$(session_keys "$master_port")
all_keys_before=$(redis-cli -p "$master_port" dbsize)
echo "$sessions sessions signed in through 3 instances (tokens living ${token_ttl} s) in $((SECONDS - started)) s;" \
  "the master holds $keys_before session keys ($all_keys_before keys with the indexes)"

cat >"$work/drive.mjs" <<'JS'
// failover.sh's load and check (see its header). `drive`: the mix over CONNECTIONS connections
// for DURATION s, the master (KILL_PID) killed at KILL_AT s, figures per SLICE s; `check`: each
// session's /api/session once.
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const [mode, portal, cookiesFile, summaryFile] = process.argv.slice(2);
const env = (name) => Number(process.env[name]);
const cookies = readFileSync(cookiesFile, 'utf8').split('\n').filter(Boolean);
const { hostname, port } = new URL(portal);
const connections = mode === 'check' ? 16 : env('CONNECTIONS');
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const RETRY_LATER = 'Le service est momentanément indisponible. Veuillez réessayer plus tard.';

/** One GET: its status and, when it is not 2xx, its body; or the socket's error. */
function exchange(path, cookie) {
  return new Promise((resolve) => {
    const sent = request({ hostname, port, path, headers: { cookie }, agent }, (response) => {
      const failed = response.statusCode < 200 || response.statusCode >= 300;
      const chunks = [];
      response.on('data', (chunk) => failed && chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
      response.on('error', (error) => resolve({ error: error.code ?? error.message }));
    });
    sent.setTimeout(30_000, () => sent.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    sent.on('error', (error) => resolve({ error: error.code ?? error.message }));
    sent.end();
  });
}

/** What a failed answer was: the French 503 a member can retry, or its status and body. */
function kind({ status, body, error }) {
  if (error) return `socket error ${error}`;
  let json;
  try {
    json = JSON.parse(body);
  } catch {}
  if (status === 503 && json?.code === 'service_unavailable' && json?.message === RETRY_LATER) {
    return '503 « Le service est momentanément indisponible. Veuillez réessayer plus tard. »';
  }
  return `${status} ${body.slice(0, 160)}`;
}

const tally = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

if (mode === 'check') {
  const statuses = new Map();
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < cookies.length) {
        const answer = await exchange('/api/session', cookies[next++]);
        tally(statuses, answer.status === 200 ? 'ok' : kind(answer));
      }
    }),
  );
  const lost = cookies.length - (statuses.get('ok') ?? 0);
  writeFileSync(summaryFile, `lost=${lost}\n`);
  for (const [what, n] of statuses) if (what !== 'ok') console.log(`  /api/session: ${n} × ${what}`);
  process.exit(0);
}

const paths = process.env.PATHS.split(',');
const [duration, sliceMs, killAt] = [env('DURATION') * 1000, env('SLICE') * 1000, env('KILL_AT') * 1000];
const [sentAt, took] = [[], []];
const failures = new Map();
const failedPaths = new Map();
let [counter, killed, notRetryable] = [0, undefined, 0];
let [firstFailure, lastFailure] = [Infinity, -Infinity];
const cpu = process.cpuUsage();
const t0 = performance.now();
const now = () => performance.now() - t0;
setTimeout(() => {
  process.kill(env('KILL_PID'), 'SIGKILL');
  killed = now();
}, killAt);

await Promise.all(
  Array.from({ length: connections }, async () => {
    for (let sent = now(); sent < duration; sent = now()) {
      counter += 1;
      const path = paths[counter % paths.length];
      // The next session once every path has been asked, as load.lua does.
      const cookie = cookies[Math.floor(counter / paths.length) % cookies.length];
      const sentBeforeKill = killed === undefined;
      const answer = await exchange(path, cookie);
      sentAt.push(sent);
      took.push(now() - sent);
      if (answer.error || answer.status < 200 || answer.status >= 300) {
        const what = kind(answer);
        if (!what.startsWith('503 «')) notRetryable += 1;
        tally(failures, `GET, ${sentBeforeKill ? 'in flight at the kill' : 'sent after it'}: ${what}`);
        tally(failedPaths, path);
        [firstFailure, lastFailure] = [Math.min(firstFailure, sent), Math.max(lastFailure, sent)];
      }
    }
  }),
);
const ran = now();
const used = process.cpuUsage(cpu);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
// Slices from the moment of the kill (its timer may fire late on a busy machine), the slice
// it starts numbered 0.
const slice = (at) => Math.floor((at - killed) / sliceMs);
const killSlice = -slice(0);
const slices = Array.from({ length: slice(duration) + killSlice + 1 }, () => []);
sentAt.forEach((at, i) => slices[slice(at) + killSlice].push(took[i]));
const figures = slices.map((latencies) => {
  const sorted = Float64Array.from(latencies).sort();
  // A slice in which no request was sent (every connection waiting) is as slow as can be.
  if (!sorted.length) return { count: 0, p50: Infinity, p99: Infinity };
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
});
const all = Float64Array.from(took).sort();
const before = figures.slice(2, killSlice - 1).map((figure) => figure.p99).sort((a, b) => a - b);
const baseline = before[Math.floor(before.length / 2)];
const within = (at) => figures[at] && figures[at].p99 <= 1.5 * baseline;
let back = killSlice;
while (back < figures.length && !(within(back) && within(back + 1) && within(back + 2))) back += 1;
const failed = [...failures.values()].reduce((sum, n) => sum + n, 0);

console.log(`  slice (s from the kill)  requests       p50 ms       p99 ms`);
for (let at = Math.max(0, killSlice - 3); at < Math.min(figures.length, back + 4); at += 1) {
  const { count, p50, p99 } = figures[at];
  const from = ((at - killSlice) * sliceMs) / 1000;
  console.log(`  ${String(from).padStart(22)} ${String(count).padStart(9)} ${p50.toFixed(2).padStart(12)} ${p99.toFixed(2).padStart(12)}`);
}
for (const [what, n] of failures) console.log(`  failed: ${n} × ${what}`);
if (failed) {
  console.log(`  failed paths: ${[...failedPaths].map(([path, n]) => `${path} ${n}`).join(', ')}`);
  console.log(`  failures sent from ${((firstFailure - killed) / 1000).toFixed(3)} s to ${((lastFailure - killed) / 1000).toFixed(3)} s after the kill`);
}
const summary = {
  requests: all.length,
  rps: Math.round(all.length / (ran / 1000)),
  p50: percentile(all, 50).toFixed(2),
  p99: percentile(all, 99).toFixed(2),
  worst: all[all.length - 1].toFixed(0),
  failed,
  not_retryable: notRetryable,
  baseline: baseline.toFixed(2),
  // "stalled": a slice in which no request was sent.
  worst_slice: ((worst) => (Number.isFinite(worst) ? `${worst.toFixed(1)} ms` : 'stalled'))(
    Math.max(...figures.slice(killSlice).map((figure) => figure.p99)),
  ),
  back: back < figures.length ? ((back - killSlice) * sliceMs) / 1000 : 'never',
  killed_at_ms: Math.round(performance.timeOrigin + t0 + killed),
  driver_cpu: ((used.user + used.system) / 1000 / ran).toFixed(2),
};
writeFileSync(summaryFile, Object.entries(summary).map(([name, value]) => `${name}='${value}'\n`).join(''));
JS

echo "the signed-in load for $duration s over $connections connections, the master killed at $kill_at s:"
CONNECTIONS=$connections DURATION=$duration SLICE=$slice KILL_AT=$kill_at KILL_PID=$master_pid PATHS=$paths \
  node "$work/drive.mjs" drive "$portal" "$work/cookies" "$work/run"
source "$work/run"

# The new master, once the sentinels agree on it and it says so itself.
until new_master=$(redis-cli -p "${sentinel_ports[0]}" sentinel get-master-addr-by-name mymaster | sed -n 2p) &&
  [ "$new_master" != "$master_port" ] && [ "$(redis_field "$new_master" role info replication)" = master ]; do
  sleep 0.1
done
keys_after=$(session_keys "$new_master")
echo "every session asked /api/session again:"
node "$work/drive.mjs" check "$portal" "$work/cookies" "$work/check"
source "$work/check"

# since_kill EVENT: seconds from the kill to the first sentinel's log line of EVENT about the
# master ("pid:X 06 Dec 2026 10:30:07.520 # +sdown master mymaster …", "… # +switch-master mymaster …").
since_kill() {
  local at
  at=$(awk -v event="$1" '$7 == event && ($8 == "mymaster" || $9 == "mymaster") { print $2, $3, $4, $5 }' \
    "$work"/sentinel-*.log | sort -k4,4 | head -1)
  [ -n "$at" ] || { echo never; return; }
  awk -v at="$(date -d "$at" +%s%3N)" -v killed="$killed_at_ms" 'BEGIN { printf "%.2f s", (at - killed) / 1000 }'
}
echo "sentinels: the master seen down (+sdown) $(since_kill +sdown) after the kill, agreed down (+odown)" \
  "$(since_kill +odown), the new master named (+switch-master) $(since_kill +switch-master)"
echo "the instances logged (their lines less the time, counted):"
for name in first second third; do
  sed -E 's/\x1b\[[0-9;]*m//g; s/^[0-9T:.-]+Z? *//' "$work/$name.log" | grep -v '^espace-assure is ready' |
    sort | uniq -c | sort -rn | head -12 | sed "s/^/  $name: /"
done

printf '\n%-44s %s\n' figure value
printf '%-44s %s\n' "requests (req/s, driver's CPU in cores)" "$requests ($rps req/s, $driver_cpu)" \
  "p50, p99, slowest over the run" "$p50 ms, $p99 ms, $worst ms" \
  "requests failed (not the French 503)" "$failed ($not_retryable)" \
  "sessions lost (/api/session not 200)" "$lost of $sessions" \
  "session keys, old master before / new after" "$keys_before / $keys_after" \
  "p99 before the kill (median of ${slice} s slices)" "$baseline ms" \
  "worst p99 of a slice after the kill" \
  "${worst_slice/#stalled/a slice with no request sent, every connection waiting}" \
  "time until p99 is back (<= 1.5 x before)" "$back s"
