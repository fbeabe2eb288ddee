// Page speed: Lighthouse (mobile preset: simulated 4× CPU slowdown and slow 4G) on the release
// binary in demo mode, for the public root and for /home signed in as a demo member. Prints each
// run and the median performance score per page.
//
// Needs: Debian's chromium, `npm ci` here and in frontend/ (Playwright signs in).
// Usage: node packaging/bench/lighthouse.mjs [runs, default 4]
//        MEMBER="Jean MARTIN" picks another demo member.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
const portal = spawn(join(root, 'target/release/espace-assure'), [], {
  cwd: dataDir,
  env: { ...process.env, ESPACE_ASSURE__SERVER__LISTEN: `127.0.0.1:${port}`, RUST_LOG: 'warn' },
  stdio: 'ignore',
});
try {
  await waitReady();
  const cookie = await signIn();
  const scores = { '/': [], '/home': [] };
  for (let run = 1; run <= runs; run += 1) {
    for (const path of Object.keys(scores)) {
      const result = await audit(path, path === '/' ? undefined : { Cookie: cookie });
      scores[path].push(result.performance);
      console.log(JSON.stringify({ run, path, ...result }));
    }
  }
  for (const [path, values] of Object.entries(scores)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`${path}: performance ${sorted.join(', ')} (median ${sorted[Math.floor(sorted.length / 2)]})`);
  }
} finally {
  portal.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
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

/** Signs in through the embedded provider as a member would; returns the Cookie header. */
async function signIn() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromeFlags });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Se connecter', exact: true }).click();
    await page.getByRole('button', { name: `Se connecter en tant que ${member}` }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    const cookies = await page.context().cookies();
    return cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  } finally {
    await browser.close();
  }
}

async function audit(path, extraHeaders) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags });
  try {
    const { lhr } = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders,
    });
    if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${path}: ${lhr.runtimeError.message}`);
    const metric = (id) => lhr.audits[id].displayValue;
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}
