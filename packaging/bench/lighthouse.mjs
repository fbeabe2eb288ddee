// Page speed: Lighthouse (mobile preset: simulated 4× CPU slowdown and slow 4G) on the release
// binary in demo mode, for the public root and every section signed in as a demo member. Prints
// each run, then the machine's Lighthouse benchmarkIndex and a Markdown table of the medians per
// page (docs/benchmarks.md's); a page that keeps failing is reported failed, the others printed.
//
// Needs: Debian's chromium, `npm ci` here and in frontend/ (Playwright signs in).
// Usage: node packaging/bench/lighthouse.mjs [runs, default 4]
//        MEMBER="Jean MARTIN" picks another demo member;
//        PAGES="/,/home" measures only those;
//        REPORTS=dir keeps each run's full report there (JSON), to read what costs;
//        ESPACE_ASSURE_BIN names another build of the binary to measure.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { chromium } = await import(join(root, 'frontend/node_modules/playwright/index.mjs'));
const runs = Number(process.argv[2] ?? 4);
const member = process.env.MEMBER ?? 'Marie DUPONT';
const port = 18394;
const base = `http://127.0.0.1:${port}`;
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const dataDir = mkdtempSync(join(tmpdir(), 'espace-assure-lighthouse-'));
const portal = spawn(process.env.ESPACE_ASSURE_BIN ?? join(root, 'target/release/espace-assure'), [], {
  cwd: dataDir,
  // Every run signs in again from 127.0.0.1: the per-address bound is lifted.
  env: {
    ...process.env,
    ESPACE_ASSURE__SERVER__LISTEN: `127.0.0.1:${port}`,
    ESPACE_ASSURE__LIMITS__SIGN_INS_PER_MINUTE: '100000',
    RUST_LOG: 'warn',
  },
  stdio: 'ignore',
});
try {
  await waitReady();
  const cookies = await signIn();
  const pages = process.env.PAGES
    ? process.env.PAGES.split(',')
    : await everyPage(cookies.map(({ name, value }) => `${name}=${value}`).join('; '));
  const results = Object.fromEntries(pages.map((path) => [path, []]));
  const failures = Object.fromEntries(pages.map((path) => [path, []]));
  for (let run = 1; run <= runs; run += 1) {
    for (const path of pages) {
      // A page that fails even when tried again is reported failed; the others still count.
      try {
        const result = await audit(path, path === '/' ? [] : cookies);
        results[path].push(result);
        console.log(JSON.stringify({ run, path, ...result }));
      } catch (error) {
        failures[path].push(String(error));
        console.log(JSON.stringify({ run, path, failed: String(error) }));
      }
    }
  }
  const indexes = Object.values(results)
    .flat()
    .map((result) => result.benchmarkIndex)
    .sort((a, b) => a - b);
  const machine = indexes.length
    ? `${String(indexes[0])}–${String(indexes.at(-1))} (median ${String(indexes[Math.floor(indexes.length / 2)])})`
    : 'unknown';
  console.log(`\nbenchmarkIndex of this machine: ${machine}\n`);
  console.log('| page | performance (median) | accessibility | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|');
  for (const [path, runsOfPage] of Object.entries(results)) {
    const failed = failures[path];
    if (runsOfPage.length === 0) {
      console.log(`| \`${path}\` | failed in ${String(failed.length)} runs: ${failed[0] ?? ''} | | | | |`);
      continue;
    }
    const median = (key) => {
      const sorted = runsOfPage.map((result) => result[key]).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)];
    };
    const range = (key) => {
      const values = runsOfPage.map((result) => result[key]);
      return `${String(Math.min(...values))}–${String(Math.max(...values))}`;
    };
    const partial = failed.length ? `, ${String(failed.length)} run(s) failed` : '';
    console.log(
      `| \`${path}\` | ${range('performance')} (${String(median('performance'))})${partial} | ${String(median('accessibility'))} ` +
        `| ${(median('lcpMs') / 1000).toFixed(1)} s | ${String(median('tbtMs'))} ms | ${median('clsValue').toFixed(2)} |`,
    );
  }
} finally {
  portal.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

/** The public root and every section, with a real payment day, request and article. */
async function everyPage(cookie) {
  const get = async (path) => (await fetch(`${base}${path}`, { headers: { Cookie: cookie } })).json();
  const [paiements, demandes, menus] = await Promise.all([
    get('/api/assure/prestations'),
    get('/api/demandes'),
    get('/api/strapi/menus'),
  ]);
  return [
    '/',
    '/home',
    '/compte/informations-personnelles',
    '/mutuelle/smart-carte',
    '/mutuelle/remboursements',
    `/mutuelle/remboursements/${paiements[0].paymentDate}`,
    '/mutuelle/contrats-garanties',
    '/mutuelle/contrats-garanties/resiliation',
    '/mutuelle/demandes',
    `/mutuelle/demandes/${String(demandes[0].id)}`,
    '/mutuelle/demandes/creation',
    `/home/article/${String(menus[0].Id)}`,
    '/home/mentions-legales',
    '/home/cgu',
    '/home/accessibilite',
  ];
}

async function waitReady() {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the portal did not answer ${base}/readyz`);
}

/** Signs in through the embedded provider as a member would; returns the browser's cookies. */
async function signIn() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromeFlags });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Se connecter', exact: true }).click();
    await page.getByRole('button', { name: `Se connecter en tant que ${member}` }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    return await page.context().cookies();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run; a run that could not record its trace (`NO_NAVSTART`, it happens) is
 * tried twice more before the page is reported failed for this run. */
async function audit(path, cookies, attempt = 1) {
  try {
    return await auditOnce(path, cookies);
  } catch (error) {
    if (attempt > 2) throw error;
    console.error(`${String(error)}: trying again`);
    return audit(path, cookies, attempt + 1);
  }
}

async function auditOnce(path, cookies) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags });
  try {
    await setCookies(chrome.port, cookies);
    const { lhr } = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${path}: ${lhr.runtimeError.message}`);
    // A page that sent the member away (signed out, say) was not the page measured.
    const ended = new URL(lhr.finalDisplayedUrl).pathname;
    if (ended !== path) throw new Error(`${path} ended on ${ended}`);
    if (process.env.REPORTS) {
      mkdirSync(process.env.REPORTS, { recursive: true });
      const name = `${path.replaceAll('/', '_') || '_'}-${String(Date.now())}.json`;
      writeFileSync(join(process.env.REPORTS, name), JSON.stringify(lhr));
    }
    const value = (id) => lhr.audits[id].numericValue;
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcpMs: Math.round(value('first-contentful-paint')),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      clsValue: value('cumulative-layout-shift'),
      // The machine's speed as Lighthouse measured it: scores of machines far apart differ.
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Puts the session's cookies in the browser's own jar, as a member's browser holds them (and
 * Lighthouse keeps them). Sent as an extra header instead, the session cookie went only with
 * the requests made before the page's first `Set-Cookie`: from then on Chromium sent its jar's
 * cookies alone, and the member was signed out mid-load.
 */
async function setCookies(port, cookies) {
  if (cookies.length === 0) return;
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${String(port)}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  try {
    const answer = new Promise((resolve) => {
      socket.onmessage = (event) => resolve(JSON.parse(event.data));
    });
    const params = cookies.map(({ name, value, domain, path, expires, httpOnly, secure, sameSite }) => ({
      ...{ name, value, domain, path, httpOnly, secure, sameSite },
      // Playwright's -1 is a cookie for the browser's session: no expiry.
      ...(expires > 0 ? { expires } : {}),
    }));
    socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies: params } }));
    const { error } = await answer;
    if (error) throw new Error(`the browser refused the cookies: ${error.message}`);
  } finally {
    socket.close();
  }
}
