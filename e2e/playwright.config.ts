import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { SERVER_ENV } from './server-env';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
/**
 * A port nothing listens on, asked of the system once by the runner and handed to its workers and
 * the global setup through E2E_PORT, so runs beside each other never collide. E2E_PORT set by
 * hand wins.
 */
function freePort(): string {
  const probe =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
}
process.env.E2E_PORT ??= freePort();
const PORT = Number(process.env.E2E_PORT);
const dataDir = path.join(root, '.tmp', `e2e-data-${PORT}`);
/**
 * Debian's headless shell when installed (.ci/run installs it): the browser without its own
 * window machinery, which takes a fraction of the CPU of the full browser run headless. Else
 * the full browser.
 */
const BROWSER = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file));
const WAREHOUSE_SPECS = /(dashboard|discussions|imports|orders|stock|tracking|wms)\.spec\.ts$/;
/** Needs nginx: run by proxy.config.ts (`npm run test:proxy`), not here. */
const PROXY_SPEC = /proxy\.spec\.ts$/;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  // Per port, like the data directory: a run beside this one never clears its traces.
  outputDir: path.join(root, '.tmp', `e2e-results-${PORT}`),
  fullyParallel: false,
  // Spec files run side by side, two at a time; those of the 'warehouse' project (below) one at a
  // time, since they watch what any order move changes.
  workers: 2,
  retries: 0,
  // Limits, not waits: a passing step goes on as soon as it can. They are wide because the two
  // cores are shared with the web unit tests and the server, and a screen of a busy run took over
  // 10 s to show what a quiet one shows at once.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1440, height: 900 },
    // No transitions to render and wait for (the app respects the system's reduced motion).
    reducedMotion: 'reduce',
    // A failure keeps a picture of the page at the end; its message has the step's call log. No
    // trace unless asked for (`-- --trace retain-on-failure`): recording one for every test, kept
    // or not, costs the runner and the browser a sixth of the run's CPU, and CI keeps only what
    // the run prints.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: BROWSER,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      // Specs that read what the simulated warehouse and order moves change for everyone: the
      // pies, the bell, stock rows and order lists. One at a time, beside the others.
      name: 'warehouse',
      testMatch: WAREHOUSE_SPECS,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      // Specs whose data is their own (users, reports, SKU data, sign-in): any order.
      name: 'independent',
      testIgnore: [WAREHOUSE_SPECS, PROXY_SPEC],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    // A fresh data directory with the demo data for every run.
    command: `rm -rf "${dataDir}" && node scripts/start.mjs --port ${PORT} --data-dir "${dataDir}"`,
    cwd: root,
    url: `http://127.0.0.1:${PORT}/config.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: SERVER_ENV,
  },
});
