import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { api, apiLogin, DEMO, dismissToasts, expect, expectAccessible, signIn, test } from './fixtures';

// Reports grouped by company, their form, the embedded view and deletion.

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const NAME = `E2E report ${suffix}`;
const RENAMED = `E2E weekly ${suffix}`;

/** The page the report points at, served by this spec. */
const REPORT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Weekly figures</title></head>
<body><main><h1>Weekly figures</h1><p>Served by the reports spec.</p></main></body></html>`;

let server: Server;
let reportUrl: string;

let stalledUrl: string;

test.beforeAll(async () => {
  server = createServer((request, response) => {
    // A report site that takes the connection and never answers: its frame never loads.
    if (request.url === '/stalled') return;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(REPORT_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // 127.0.0.1 is a private address, allowed for these specs by REPORT_ALLOWED_HOSTS (server-env.ts).
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  reportUrl = `${origin}/weekly`;
  stalledUrl = `${origin}/stalled`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function companySection(page: Page, company: string) {
  return page.getByRole('region', { name: company });
}

test('a catalog manager creates, edits, views and deletes a report', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(companySection(page, 'Baltic Foods SIA')).toBeVisible();
  await expectAccessible(page);

  // Add: the form checks its fields before sending.
  await page.getByRole('link', { name: 'New report' }).click();
  await expect(page).toHaveURL(/\/reports\/add$/);
  await expect(page.getByRole('heading', { name: 'New report', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Nordic Beverages AS' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(NAME);
  await page.getByRole('textbox', { name: 'URL' }).fill('ftp://127.0.0.1/weekly');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid URL format')).toBeVisible();
  // A private address the operator did not allow is refused before sending, as the server would.
  await page.getByRole('textbox', { name: 'URL' }).fill('http://10.20.30.40/weekly');
  await expect(
    page.getByText('This address points into a private network and can not be embedded'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'URL' }).fill('https://reader:secret@bi.example.com/weekly');
  await expect(page.getByText('A report address must not contain a user name or password')).toBeVisible();
  await page.getByRole('textbox', { name: 'URL' }).fill(reportUrl);
  await expect(page.getByText('Input form has errors. Please fix them before save!')).toHaveCount(0, {
    timeout: 15_000,
  });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Report saved!')).toBeVisible();
  await expect(page).toHaveURL(/\/reports$/);
  const nordic = companySection(page, 'Nordic Beverages AS');
  // The screens are checked without the toast.
  await dismissToasts(page);
  await expect(nordic.getByRole('link', { name: NAME, exact: true })).toBeVisible();

  // Edit: rename it.
  await nordic.getByRole('link', { name: `Edit report ${NAME}` }).click();
  await expect(page).toHaveURL(/\/reports\/edit\/\d+$/);
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue('Nordic Beverages AS');
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue(reportUrl);
  await page.getByRole('textbox', { name: 'Name' }).fill(RENAMED);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(nordic.getByRole('link', { name: RENAMED, exact: true })).toBeVisible();
  await expect(nordic.getByRole('link', { name: NAME, exact: true })).toHaveCount(0);
  await dismissToasts(page);

  // View: the name as the heading and the page of the URL in the frame.
  await nordic.getByRole('link', { name: RENAMED, exact: true }).click();
  await expect(page).toHaveURL(/\/reports\/view\/\d+$/);
  await expect(page.getByRole('heading', { name: RENAMED, level: 1 })).toBeVisible();
  const frame = page.frameLocator(`iframe[title="Report ${RENAMED}"]`);
  await expect(frame.getByRole('heading', { name: 'Weekly figures' })).toBeVisible();
  await expect(page.getByLabel('Loading the report')).toHaveCount(0);
  const box = await page.locator('iframe').boundingBox();
  expect(box?.height).toBeGreaterThan(400);
  await expect(page.locator('iframe')).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
  );
  await expect(page.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', reportUrl);
  await expect(page.getByText('The report does not open here')).toHaveCount(0);
  await expectAccessible(page);

  // Delete, after confirming.
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await nordic.getByRole('link', { name: `Edit report ${RENAMED}` }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the report?' });
  await expect(dialog).toContainText(RENAMED);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Report deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('link', { name: RENAMED, exact: true })).toHaveCount(0);
});

test('a report reader sees only their companies and cannot change reports', async ({ page }) => {
  await signIn(page, DEMO.manager, '/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(companySection(page, 'Baltic Foods SIA')).toBeVisible();
  await expect(companySection(page, 'Nordic Beverages AS')).toBeVisible();
  await expect(companySection(page, 'Amber Home UAB')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New report' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Edit report/ })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/reports/add');
  await expect(page.getByRole('alert')).toContainText('needs the catalog management permission');
});

test('the reports section is not open to users without the reports permission', async ({ page }) => {
  await signIn(page, DEMO.operator);
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Stock' }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }),
  ).toHaveCount(0);
  await page.goto('/reports');
  await expect(page.getByRole('alert')).toContainText('You do not have access to this section.');
});

test('a report whose page does not load shows a way to open it in a new tab', async ({ page }) => {
  const token = await apiLogin(page, DEMO.admin);
  const companies = await api<{ items: { company_id: number; name: string }[] }>(
    page,
    '/auth/list_linked_companies',
    { filters: {}, count: 100 },
    token,
  );
  const company = companies.items.find((item) => item.name === 'Nordic Beverages AS')!;
  const name = `E2E stalled ${suffix}`;
  const added = await api<{ report_id: number }>(
    page,
    '/reports/add_report',
    { fields: { company_id: company.company_id, name, url: stalledUrl } },
    token,
  );
  expect(added.report_id).toEqual(expect.any(Number));

  // The page's clock is the test's: the ten seconds the view waits for the frame pass at once.
  await page.clock.install();
  await signIn(page, DEMO.admin, `/reports/view/${added.report_id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const frame = page.locator(`iframe[title="Report ${name}"]`);
  await expect(frame).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
  );
  await expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
  // The link beside the frame is there from the start, whatever the frame does.
  const links = page.getByRole('link', { name: 'Open in a new tab' });
  await expect(links).toHaveCount(1);
  await expect(links.first()).toHaveAttribute('href', stalledUrl);
  await expect(links.first()).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(links.first()).toHaveAttribute('target', '_blank');

  // No load event after ten seconds: the fallback says so and offers the new tab.
  const fallback = page.getByRole('status').filter({ hasText: 'The report does not open here' });
  await expect(fallback).toHaveCount(0);
  await page.clock.fastForward('00:10');
  await expect(fallback).toBeVisible();
  await expect(fallback).toContainText('does not allow being shown inside other pages');
  const fallbackLink = fallback.getByRole('link', { name: 'Open in a new tab' });
  await expect(fallbackLink).toHaveAttribute('href', stalledUrl);
  await expect(fallbackLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByLabel('Loading the report')).toHaveCount(0);
  await expectAccessible(page);

  await api(page, '/reports/delete_report', { report_id: added.report_id }, token);
});
