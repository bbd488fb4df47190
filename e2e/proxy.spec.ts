import { api, apiLogin, test as base, DEMO, expect } from './fixtures';
import { type Nginx, startNginx } from './nginx';
import { isoDay, seedSalesOrder } from './seed';

// docs/deploy/nginx.conf in front of the built server (proxy.config.ts, `npm run test:proxy`):
// the browser reaches the server only through nginx, over HTTP/2.

const test = base.extend<object, { nginx: Nginx }>({
  nginx: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const nginx = await startNginx({ serverPort: Number(process.env.E2E_PORT) });
      try {
        await use(nginx);
      } finally {
        await nginx.stop();
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ nginx }, use) => use(nginx.url),
});

const suffix = Date.now().toString(36);

test('through nginx: signs in over HTTP/2, follows a live update of an open order, uploads a file', async ({
  page,
  nginx,
}) => {
  test.slow();
  // The live stream's answer, as nginx passes it on.
  const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await page.goto('/');
  expect(
    await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    ),
  ).toBe('h2');
  await page.getByRole('textbox', { name: /username/i }).fill(DEMO.manager.username);
  await page.getByRole('textbox', { name: /password/i }).fill(DEMO.manager.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  const stream = await streamOpened;
  expect(stream.status()).toBe(200);
  expect(stream.headers()['content-type']).toMatch(/^text\/event-stream/);
  // A compressed stream would be held back until a compressor's block fills.
  expect(stream.headers()['content-encoding']).toBeUndefined();

  // An order of the manager's, opened in the app.
  const token = await apiLogin(page, DEMO.manager);
  const code = `E2E-PROXY-${suffix}`;
  const headId = await seedSalesOrder(page, token, { code, price: '2.50', deliveryDate: isoDay(9) });
  await page.goto(`/orders/sales/view/${headId}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(code, { timeout: 30_000 });
  await expect(heading.getByTestId('order-status')).toHaveText('Draft');
  // Marks this very document: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  // Another call (another session, through the proxy) moves it: the open screen shows it, told
  // by the live stream (while the stream is connected the screen does not poll).
  const ready = await api(page, '/orders/sales/set_ready', { head_id: headId }, token);
  expect(ready.failure, JSON.stringify(ready)).toBeUndefined();
  await expect(heading.getByTestId('order-status')).toHaveText('Ready');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // A file past nginx's default body size (1 MiB) and its in-memory buffer goes through whole.
  const content = Buffer.from(`Packing list ${suffix}\n${'pallet 1200x800 mm, 24 boxes\n'.repeat(100_000)}`);
  expect(content.length).toBeGreaterThan(2 * 1024 * 1024);
  const fileName = `packing-list-${suffix}.txt`;
  const discussion = page.getByTestId('order-discussion');
  await discussion
    .locator('input[type=file]')
    .setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: content });
  await expect(discussion.getByTestId('attachment').getByLabel('Uploaded')).toBeVisible({ timeout: 30_000 });
  await discussion
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('The packing list, through the proxy.');
  await discussion.getByRole('button', { name: 'Send' }).click();
  const comment = discussion
    .getByTestId('comment')
    .filter({ hasText: 'The packing list, through the proxy.' });
  await expect(comment).toBeVisible();

  const downloading = page.waitForEvent('download');
  await comment.getByRole('button', { name: fileName }).click();
  const download = await downloading;
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(content)).toBe(true);

  expect(nginx.log()).not.toMatch(/\[(error|crit|alert|emerg)\]/);
});
