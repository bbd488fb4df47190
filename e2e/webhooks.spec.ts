import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, apiLogin, DEMO, dismissToasts, expect, expectAccessible, signIn, test } from './fixtures';

// Management → Webhooks: an endpoint is registered, its secret shown once; an event reaches the
// receiver signed, the delivery log shows it, and Send again sends it once more.

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const TOPIC = `Webhook news ${suffix}`;

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { event_id: string; type: string; data: { discussion: { name: string } } };
}

/** The client's system: takes every POST and keeps it. */
const received: Received[] = [];
let server: Server;
let receiverUrl: string;

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, raw, body: JSON.parse(raw) });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Plain http to 127.0.0.1 is allowed for these specs by WEBHOOK_ALLOWED_HOSTS (server-env.ts).
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${suffix}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** What the receiver got about this spec's discussion (other specs may post in the company too). */
const ours = () => received.filter((request) => request.body.data.discussion?.name === TOPIC);

test('a manager registers an endpoint, sees its secret once, its delivery log and sends again', async ({
  page,
}) => {
  await signIn(page, DEMO.manager);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // A new endpoint: the form checks its fields, the server refuses plain http elsewhere.
  await page.getByRole('button', { name: 'New endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'New webhook endpoint' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(dialog.getByText('This field is required')).toHaveCount(2);
  await dialog.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Baltic Foods SIA' }).click();
  await dialog.getByRole('textbox', { name: 'URL' }).fill('http://erp.example.com/hooks');
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Use an https address: plain http only goes to hosts the operator allows',
  );
  await dialog.getByRole('textbox', { name: 'URL' }).fill(receiverUrl);
  // Only comments: the simulated warehouse's order moves would go to it too.
  for (const event of [
    'Order progress changed',
    'Warehouse status of an order changed',
    'Received or delivered quantities reported',
    'Stock changed',
  ]) {
    await dialog.getByRole('checkbox', { name: event }).uncheck();
  }
  await expect(dialog.getByRole('checkbox', { name: 'Comment added to a discussion' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();

  // The secret, this once.
  const shown = page.getByRole('dialog', { name: 'Signing secret of the endpoint' });
  await expect(shown.getByText('it is shown only this once')).toBeVisible();
  const secret = (await shown.getByTestId('webhook-secret').textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = page.getByRole('row').filter({ hasText: receiverUrl });
  await expect(row).toContainText('Baltic Foods SIA');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Comment added to a discussion');
  await expect(row).not.toContainText('Stock changed');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: receiverUrl })).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  // The list with the endpoint on it. Axe looks at screens, not over an open dialog, where it
  // sometimes counts the dialog's header as a second banner beside the page's.
  await expectAccessible(page);

  // An event: a broadcast in the company reaches the receiver, signed with that secret.
  const token = await apiLogin(page, DEMO.manager);
  const companies = await api(page, '/auth/list_linked_companies', { count: 100 }, token);
  const company = companies.items.find((item: { name: string }) => item.name === 'Baltic Foods SIA');
  const added = await api(
    page,
    '/discussions/add_discussion_broadcast',
    { company_id: company.company_id, name: TOPIC, text: 'The warehouse closes early on Friday.' },
    token,
  );
  expect(added.failure).toBeUndefined();
  await expect.poll(() => ours().length, { timeout: 20_000 }).toBe(1);
  const [first] = ours();
  const timestamp = first!.headers['x-webhook-timestamp'] as string;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${first!.raw}`).digest('hex');
  expect(first!.headers['x-webhook-signature']).toBe(`sha256=${expected}`);
  expect(first!.body.type).toBe('discussion.comment_added');

  // The delivery log shows it delivered.
  await dismissToasts(page);
  await row.getByRole('link', { name: 'Deliveries' }).click();
  await expect(page).toHaveURL(/\/webhooks\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Deliveries', level: 1 })).toBeVisible();
  const logged = page.getByRole('row').filter({ hasText: first!.body.event_id });
  await expect(logged).toHaveCount(1);
  await expect(logged).toContainText('Delivered');
  await expect(logged).toContainText('200');
  await expect(logged).toContainText('Comment added to a discussion');
  await expectAccessible(page);

  // Send again: the same event once more, and a second line in the log.
  await logged.getByRole('button', { name: `Send again: event ${first!.body.event_id}` }).click();
  await expect(page.getByText('The event will be sent again')).toBeVisible();
  await expect.poll(() => ours().length, { timeout: 20_000 }).toBe(2);
  expect(ours()[1]!.body.event_id).toBe(first!.body.event_id);
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(logged).toHaveCount(2, { timeout: 1_000 });
    await expect(logged.filter({ hasText: 'Delivered' })).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await dismissToasts(page);
  await expectAccessible(page);
});
