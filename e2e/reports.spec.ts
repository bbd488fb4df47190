import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, login, test } from './fixtures';

// Issue 6: reports grouped by company, their form, the embedded view and deletion.

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const NAME = `E2E report ${suffix}`;
const RENAMED = `E2E weekly ${suffix}`;

/** The page the report points at, served by this spec. */
const REPORT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Weekly figures</title></head>
<body><main><h1>Weekly figures</h1><p>Served by the reports spec.</p></main></body></html>`;

let server: Server;
let reportUrl: string;

test.beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(REPORT_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  reportUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/weekly`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function companySection(page: Page, company: string) {
  return page.getByRole('region', { name: company });
}

test('a catalog manager creates, edits, views and deletes a report', async ({ page }) => {
  await login(page, DEMO.admin);
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
  await page.getByRole('textbox', { name: 'URL' }).fill(reportUrl);
  await expect(page.getByText('Input form has errors. Please fix them before save!')).toHaveCount(0, {
    timeout: 15_000,
  });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Report saved!')).toBeVisible();
  await expect(page).toHaveURL(/\/reports$/);
  const nordic = companySection(page, 'Nordic Beverages AS');
  // The toast goes by itself; the screens are checked without it.
  await expect(page.getByText('Report saved!')).toBeHidden({ timeout: 15_000 });
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
  await expect(page.getByText('Report saved!')).toBeHidden({ timeout: 15_000 });

  // View: the name as the heading and the page of the URL in the frame.
  await nordic.getByRole('link', { name: RENAMED, exact: true }).click();
  await expect(page).toHaveURL(/\/reports\/view\/\d+$/);
  await expect(page.getByRole('heading', { name: RENAMED, level: 1 })).toBeVisible();
  const frame = page.frameLocator(`iframe[title="Report ${RENAMED}"]`);
  await expect(frame.getByRole('heading', { name: 'Weekly figures' })).toBeVisible();
  await expect(page.getByLabel('Loading the report')).toHaveCount(0);
  const box = await page.locator('iframe').boundingBox();
  expect(box?.height).toBeGreaterThan(400);
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
  await login(page, DEMO.manager, '/reports');
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
  await login(page, DEMO.operator);
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Stock' }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }),
  ).toHaveCount(0);
  await page.goto('/reports');
  await expect(page.getByRole('alert')).toContainText('You do not have access to this section.');
});
