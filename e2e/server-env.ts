/** The settings of the server the specs run against (a fresh demo, see playwright.config.ts). */
export const SERVER_ENV = {
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '1000',
  AUTH_FAILURE_RATE_LIMIT: '1000',
  JOBS_INTERVAL_MS: '500',
  // The simulated warehouse answers within a second, reports every 1.5 seconds after and
  // refuses nothing at random. Sends keep the default grace delay (WMS_SEND_DELAY_MS).
  WMS_SIM_ACCEPT_MS: '1000',
  WMS_SIM_STEP_MS: '1500',
  WMS_SIM_FAILURE_SHARE: '0',
  // The reports spec serves its report pages on this machine.
  REPORT_ALLOWED_HOSTS: '127.0.0.1',
  // The webhooks spec's receiver listens on this machine, over plain http, on a port of its own.
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*',
  // The tracking spec posts signed warehouse events and reads the carrier's tracking links.
  WMS_SECRET: 'e2e-warehouse-secret-0123456789',
  TRACKING_URLS: JSON.stringify({
    DHL: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={number}',
  }),
};
