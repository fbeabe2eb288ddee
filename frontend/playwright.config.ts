import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// Playwright evaluates this file in the runner and again in every worker. Only the runner
// chooses the port and creates the scratch directory; workers inherit both variables.
const portVariable = 'ESPACE_ASSURE_E2E_PORT';
// A port the system has just handed out, so that a demo left running on a fixed one cannot make
// the run fail. Asked of a child process because the config must be ready synchronously.
const freePort = () =>
  execFileSync(
    process.execPath,
    [
      '-e',
      "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
    ],
    { encoding: 'utf8' },
  );
// E2E_PORT still names a port of one's choosing.
process.env[portVariable] = process.env.E2E_PORT ?? process.env[portVariable] ?? freePort();
const port = Number(process.env[portVariable]);
const baseURL = `http://127.0.0.1:${String(port)}`;
// Another build (a worktree's, a packaged one) can be driven with ESPACE_ASSURE_BIN.
const binary =
  process.env.ESPACE_ASSURE_BIN ??
  fileURLToPath(new URL('../target/release/espace-assure', import.meta.url));
// Debian's Chromium by default; CHROMIUM_PATH names another installed Chromium.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The runner removes the scratch directory on exit, once the server has been stopped.
const workDirVariable = 'ESPACE_ASSURE_E2E_WORK_DIR';
let workDir = process.env[workDirVariable];
if (!workDir) {
  const created = mkdtempSync(join(tmpdir(), 'espace-assure-e2e-'));
  process.env[workDirVariable] = created;
  process.on('exit', () => {
    rmSync(created, { recursive: true, force: true });
  });
  workDir = created;
}
const scratch: string = workDir;
const dataDir = join(scratch, 'data');
mkdirSync(dataDir, { recursive: true });

// A real Strapi (scripts/strapi-test-server, started by the test command before this run):
// a second instance reads its content from it, with the demo's own provider and member API.
const strapiUrl = process.env.STRAPI_URL;
const strapiPortVariable = 'ESPACE_ASSURE_E2E_STRAPI_PORT';
process.env[strapiPortVariable] ??= freePort();
const strapiPort = Number(process.env[strapiPortVariable]);
const strapiDataDir = join(scratch, 'data-strapi');
mkdirSync(strapiDataDir, { recursive: true });
const strapiJourney = '**/strapi.spec.ts';

// A third instance, whose changes reach no other journey, for the mutual's side of the demo: the
// back office's payments, the alerts they send and the member's reports, the conversation on a
// request (messages.spec.ts, Paul DURAND's), and the sign-in again
// that a sensitive change asks for when the sign-in is older than the shortest age the portal
// accepts (a minute; the first instance accepts an hour, longer than a run).
const alertsPortVariable = 'ESPACE_ASSURE_E2E_ALERTS_PORT';
process.env[alertsPortVariable] ??= freePort();
const alertsPort = Number(process.env[alertsPortVariable]);
const alertsDataDir = join(scratch, 'data-alertes');
mkdirSync(alertsDataDir, { recursive: true });
const alertsURL = `http://127.0.0.1:${String(alertsPort)}`;
const alertsJourneys = ['**/alertes.spec.ts', '**/messages.spec.ts'];
const alertsSignIn = '**/alertes-sign-in.setup.ts';

/**
 * Journeys that add requests to Marie DUPONT's (Mes demandes, the termination, the
 * keyboard-only journey). Each looks for the request it sent at the top of her list, where
 * one sent meanwhile by another would be: they run one at a time, after the journeys that read
 * the requests she was seeded with. NOEMIE's journey joins them: it sends Sophie PETIT's
 * attestation and pays M. Paul DURAND's glasses, which the seeded journeys read as seeded.
 */
const sendingRequests = [
  '**/demandes.spec.ts',
  '**/resiliation.spec.ts',
  '**/keyboard.spec.ts',
  '**/noemie.spec.ts',
  // Sophie PETIT's newborn, declared, then accepted in the back office.
  '**/famille.spec.ts',
  // Thomas DUPONT's care kept confidential for a while, which the seeded journeys read as seeded.
  '**/confidentialite.spec.ts',
  // Who acts for Marie DUPONT and M. Jean MARTIN: Claire DUPONT's delegation used, Hélène ROUX
  // invited then withdrawn, made Jean's guardian then ended in the back office. Hélène lands
  // where the members she may act for decide, so her two journeys never run at once.
  '**/agir-pour.spec.ts',
  // M. Paul DURAND's debit day moved and back, and what he owes spread: the seeded journeys
  // read it owed.
  '**/cotisations.spec.ts',
];
/**
 * Journeys that read no member's requests: they sign in on their own and close their own
 * sessions (the card kept offline, Mes connexions, signing in and out, the sidebar's rules), or
 * need no session at all. They run beside the requests sent one at a time, on the worker those
 * leave free.
 */
const besideRequests = [
  '**/compte-securite.spec.ts',
  '**/sign-in-out.spec.ts',
  '**/sidebar-rules.spec.ts',
  '**/root.spec.ts',
  '**/fallback.spec.ts',
];
/** Signs each demo member in once, for the journeys that start signed in (support/sign-in.ts). */
const signIn = '**/sign-in.setup.ts';

export default defineConfig({
  testDir: './e2e',
  // The machine running the test command has 2 cores; the journeys spend most of their time
  // waiting for the browser and the server, and two at a time share them.
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    baseURL,
    // Debian's Chromium: Playwright's own browser downloads are not used.
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    // Recording a trace of every journey takes a sixth of the run's processor time. The test
    // command, whose run leaves only its log behind, records none; a developer's run keeps the
    // trace of each journey that fails (`npx playwright show-trace`).
    trace: process.env.ESPACE_ASSURE_JOURNEY_TRACES === 'off' ? 'off' : 'retain-on-failure',
  },
  // One server and one database for the whole run. The members sign in first; then the
  // journeys that read what they were seeded with, two at a time, each test on its own (a test
  // changes nothing another reads: Marie DUPONT's new address is asserted by its own journey
  // only); then the requests sent one at a time, with the journeys that read no requests
  // beside them.
  projects: [
    { name: 'sign-in', testMatch: signIn, fullyParallel: true },
    { name: 'alertes-sign-in', testMatch: alertsSignIn, use: { baseURL: alertsURL } },
    {
      name: 'seeded',
      testIgnore: [...sendingRequests, ...besideRequests, strapiJourney, ...alertsJourneys, alertsSignIn],
      dependencies: ['sign-in'],
      fullyParallel: true,
    },
    { name: 'sending-requests', testMatch: sendingRequests, dependencies: ['seeded'], workers: 1 },
    { name: 'beside-requests', testMatch: besideRequests, dependencies: ['seeded'] },
    // After the seeded journeys, which take minutes: the sign-in kept by `alertes-sign-in` is then
    // old enough for a sensitive change to ask for a new one (the journey waits for what is left).
    {
      name: 'alertes',
      testMatch: alertsJourneys,
      dependencies: ['alertes-sign-in', 'seeded'],
      use: { baseURL: alertsURL },
    },
    ...(strapiUrl
      ? [
          {
            name: 'strapi',
            testMatch: strapiJourney,
            use: { baseURL: `http://127.0.0.1:${String(strapiPort)}` },
          },
        ]
      : []),
  ],
  webServer: [
    // The real release binary with no arguments: demo mode, with its embedded identity
    // provider, member API and content service, on a fresh data directory every run.
    server(port, dataDir, { ESPACE_ASSURE__OIDC__RECENT_SIGN_IN_SECS: '3600' }),
    server(alertsPort, alertsDataDir, { ESPACE_ASSURE__OIDC__RECENT_SIGN_IN_SECS: '60' }),
    ...(strapiUrl
      ? [
          server(strapiPort, strapiDataDir, {
            ESPACE_ASSURE__DEMO__CMS: 'false',
            ESPACE_ASSURE__UPSTREAM__CMS__KIND: 'strapi',
            ESPACE_ASSURE__UPSTREAM__CMS__BASE_URL: strapiUrl,
            ESPACE_ASSURE__UPSTREAM__CMS__API_TOKEN: process.env.STRAPI_TOKEN ?? '',
          }),
        ]
      : []),
  ],
});

/** The release binary in demo mode on `listenPort`, with `env` on top. */
function server(listenPort: number, data: string, env: Record<string, string>) {
  return {
    command: `"${binary}"`,
    cwd: scratch,
    env: {
      ESPACE_ASSURE__SERVER__LISTEN: `127.0.0.1:${String(listenPort)}`,
      ESPACE_ASSURE__DEMO__DATA_DIR: data,
      // Every journey signs in from 127.0.0.1: the per-address bound would refuse the run's
      // sign-ins (the bound itself is tested in tests/api/limits.rs).
      ESPACE_ASSURE__LIMITS__SIGN_INS_PER_MINUTE: '100000',
      // Access lines of every asset would drown the test report.
      RUST_LOG: 'warn',
      ...env,
    },
    url: `http://127.0.0.1:${String(listenPort)}/healthz`,
    reuseExistingServer: false,
    // Let the server finish writing its SQLite database before it is killed.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5000 },
  };
}
