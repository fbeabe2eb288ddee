// Sign-ins as browsers make them, many at once: `/auth/login`, the provider's sign-in page, its
// form posted for a demo member, then `/auth/callback`, each step's cookies kept per origin and
// its redirect followed by hand, over kept-alive connections (`node:http`: `fetch` cost the
// client three times the CPU, a core of the two it shares with the server). Prints the sign-ins per second,
// the p50 and p99 of one sign-in and the failures; with `--cookies FILE`, writes each session's
// Cookie header value there, one per line (load.sh and memory.sh use them).
//
// The provider is the demo's (`/_demo/idp/`), wherever the portal sends the browser: the
// portal's own, or another instance's standing in for a partner's provider (login.sh).
//
// Usage: node packaging/bench/sign-ins.mjs PORTAL_URL COUNT [CONCURRENCY, default 16]
//        [--cookies FILE]
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const args = process.argv.slice(2);
const cookiesAt = args.indexOf('--cookies');
const cookiesFile = cookiesAt >= 0 ? args.splice(cookiesAt, 2)[1] : undefined;
const [portal, countArg, concurrencyArg] = args;
if (!portal || !countArg) {
  console.error('usage: node sign-ins.mjs PORTAL_URL COUNT [CONCURRENCY] [--cookies FILE]');
  process.exit(2);
}
const count = Number(countArg);
const concurrency = Number(concurrencyArg ?? 16);
/** The five demo members, in turn. */
const PEOPLE = ['100001', '100002', '100003', '100004', '100005'];
const SESSION_COOKIE = 'espace-assure-session';
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

/** One HTTP exchange: the status, the headers and the body as text. */
function exchange(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** One browser: its cookies by origin, as `name=value` pairs. */
class Browser {
  jars = new Map();

  async go(url, init = {}) {
    const target = new URL(url);
    const jar = this.jars.get(target.origin) ?? new Map();
    this.jars.set(target.origin, jar);
    const headers = { ...init.headers };
    if (jar.size) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await exchange(target, { ...init, headers });
    for (const line of response.headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      // An emptied cookie (sign-in state once used) is a removed one.
      if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    if (response.status >= 400) throw new Error(`${init.method ?? 'GET'} ${target.pathname}: ${response.status}`);
    const location = response.headers.location;
    return { body: response.body, next: location ? new URL(location, target).href : undefined };
  }

  cookie(origin, name) {
    return this.jars.get(origin)?.get(name);
  }
}

async function signIn(person) {
  const browser = new Browser();
  const login = await browser.go(`${portal}/auth/login?returnTo=/home`);
  const page = await browser.go(login.next);
  const pending = /name="request" value="([^"]*)"/.exec(page.body)?.[1];
  if (!pending) throw new Error('the provider showed no sign-in form');
  const action = /<form method="post" action="([^"]*)"/.exec(page.body)?.[1];
  const signInUrl = new URL(action, login.next).href;
  const form = new URLSearchParams({ request: pending.replaceAll('&amp;', '&'), person });
  const posted = await browser.go(signInUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const callback = await browser.go(posted.next);
  if (!callback.next?.endsWith('/home')) throw new Error(`the callback sent the browser to ${callback.next}`);
  const session = browser.cookie(new URL(portal).origin, SESSION_COOKIE);
  if (!session) throw new Error('no session cookie');
  return `${SESSION_COOKIE}=${session}`;
}

const sessions = [];
const durations = [];
const failures = new Map();
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const person = PEOPLE[next++ % PEOPLE.length];
      const begun = performance.now();
      try {
        sessions.push(await signIn(person));
        durations.push(performance.now() - begun);
      } catch (error) {
        failures.set(error.message, (failures.get(error.message) ?? 0) + 1);
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
durations.sort((a, b) => a - b);
const percentile = (p) => durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))] ?? NaN;
if (cookiesFile) writeFileSync(cookiesFile, sessions.map((cookie) => `${cookie}\n`).join(''));
const failed = [...failures.values()].reduce((sum, n) => sum + n, 0);
console.log(
  `${sessions.length} sign-ins in ${seconds.toFixed(1)} s: ${(sessions.length / seconds).toFixed(0)} per second, ` +
    `p50 ${percentile(50).toFixed(1)} ms, p99 ${percentile(99).toFixed(1)} ms, ${failed} failed`,
);
for (const [message, n] of failures) console.error(`  ${n} × ${message}`);
process.exit(failed ? 1 : 0);
