import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config';
import { SERVER_ENV } from './server-env';

/**
 * The proxy spec alone (`npm run test:proxy`): the built server as the default configuration
 * starts it, with docs/deploy/nginx.conf in front (e2e/nginx.ts, started by the spec). Kept out of
 * `npm run test:e2e`, which needs no nginx; .ci/run installs nginx and runs it.
 */
const server = base.webServer;
if (!server || Array.isArray(server)) throw new Error('playwright.config.ts: one webServer expected');

export default defineConfig({
  ...base,
  testMatch: 'proxy.spec.ts',
  // The demo's ready orders need not be sent first: the spec follows an order of its own.
  globalSetup: [],
  workers: 1,
  // The certificate is the one nginx.ts makes for the run.
  use: { ...base.use, ignoreHTTPSErrors: true },
  projects: [
    { name: 'proxy', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    ...server,
    env: {
      ...SERVER_ENV,
      // nginx is the one proxy in front, on this machine.
      TRUST_PROXY: '127.0.0.1',
      // An order set ready stays ready while the spec looks at it.
      WMS_SEND_DELAY_MS: '600000',
    },
  },
});
