import { request } from '@playwright/test';
import { DEMO } from './fixtures';
import { SERVER_ENV } from './server-env';

const QUIET_TIMEOUT_MS = 180_000;

/**
 * The demo's ready orders go to the simulated warehouse as soon as the server runs; its answers
 * (sent, then the later reports WMS_SIM_STEP_MS apart) notify the demo users. The specs start once
 * that is over, so a bell or a list shows only what a spec did itself.
 */
export default async function waitForQuietWarehouse() {
  // playwright.config.ts has chosen the port.
  const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
  const stepMs = Number(SERVER_ENV.WMS_SIM_STEP_MS);
  const api = await request.newContext({ baseURL });
  try {
    const login = await api.post('/api/auth/login', { data: DEMO.admin });
    const { session_code: token } = (await login.json()) as { session_code: string };
    const headers = { authorization: `SessionCode ${token}` };
    const readyCount = async (kind: 'purch' | 'sales') => {
      const response = await api.post(`/api/orders/${kind}/list_orders`, {
        data: { filters: { progress: 'ready' }, count: 1, with_total: true },
        headers,
      });
      return ((await response.json()) as { total: number }).total;
    };
    const deadline = Date.now() + QUIET_TIMEOUT_MS;
    while ((await readyCount('purch')) + (await readyCount('sales')) > 0) {
      if (Date.now() > deadline) throw new Error('the demo orders were not sent in time');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // The simulator's last report comes three steps after its last acceptance.
    await new Promise((resolve) => setTimeout(resolve, 3 * stepMs + 2000));
    await api.post('/api/auth/logout', { data: {}, headers });
  } finally {
    await api.dispose();
  }
}
