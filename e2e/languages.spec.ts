import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from '@playwright/test';
import { DEMO, expect, openInApp, signIn, test } from './fixtures';

// Every screen in Russian and in Latvian, as each demo user, shows no English interface
// text, no clipped column header and no number written another language's way.

type Tree = { [key: string]: string | Tree };
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../contract/src/locales');
const readLocale = (lang: string) =>
  JSON.parse(readFileSync(path.join(localesDir, `${lang}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else for (const [k, v] of flatten(value, at)) out.set(k, v);
  }
  return out;
}

/** What the server's simulator and demo say in English when a code is shown untranslated. */
const SERVER_TEXTS = [
  'Registered',
  'Receiving',
  'Received',
  'Picking',
  'Shipped',
  'Delivered',
  'Cancelled',
  'Available',
  'Quality control',
  'Blocked',
  'Products unknown to the warehouse',
  'No answer from the warehouse system',
  'timed out',
  // Units the warehouse names in every language.
  'pcs',
  'pallet',
];

/**
 * With SCREENS_DIR set (`npm run screens`), the Russian walk as the administrator keeps a picture
 * of every screen at 1440 and at 390 px there, so a reviewer can see the product without running it.
 */
const SCREENS_DIR = process.env.SCREENS_DIR;
/** A screen's picture name: its path without ids ('/companies/7' is 'companies-view'). */
const screenName = (pathname: string) =>
  pathname === '/'
    ? 'dashboard'
    : pathname
        .replace(/^\/(companies|webhooks)\/(?=\d)/, '/$1/view/')
        .split('/')
        .filter((part) => part && !/^\d+$/.test(part) && !/^[A-Za-z0-9_-]{20,}$/.test(part))
        .join('-');

/** Worked out once per language: every screen of a walk is checked against the same texts. */
const englishOf = new Map<string, { lines: Set<string>; phrases: string[] }>();

/**
 * The English texts a Russian or Latvian page must not show: the locale files' English values
 * (cut at their placeholders), without the language names of the switch and without the texts a
 * language writes the same way (codes such as EAN or SSCC).
 */
function englishTexts(lang: string): { lines: Set<string>; phrases: string[] } {
  const known = englishOf.get(lang);
  if (known) return known;
  const en = flatten(readLocale('en'));
  const other = flatten(readLocale(lang));
  const fragments = new Set<string>(SERVER_TEXTS);
  for (const [key, value] of en) {
    if (key.startsWith('layout.languages.') || key.startsWith('errors.')) continue;
    const translated = [...other].filter(([k]) => k === key || k.startsWith(`${key}_`)).map(([, v]) => v);
    if (translated.includes(value)) continue;
    for (const part of value.split(/{{[^}]*}}/)) {
      const text = part.replace(/^[\s:·,.()–-]+|[\s:·,.()–-]+$/g, '');
      if (/\p{L}{3}/u.test(text)) fragments.add(text);
    }
  }
  const phrases = [...fragments].filter((text) => text.split(/\s+/).length >= 3);
  const texts = { lines: fragments, phrases };
  englishOf.set(lang, texts);
  return texts;
}

interface Findings {
  english: string[];
  clipped: string[];
  numbers: string[];
}

/** Reads the screen as a person sees it: its visible lines, placeholders, headers and numbers. */
async function inspect(page: Page, lang: string): Promise<Findings> {
  const { lines, phrases } = englishTexts(lang);
  const seen = await page.evaluate(() => {
    const visible = (element: Element) => {
      const box = (element as HTMLElement).getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const texts = document.body.innerText.split('\n').map((line) => line.trim());
    for (const input of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      if (visible(input)) texts.push((input as HTMLInputElement).placeholder.trim());
    }
    const clipped = [...document.querySelectorAll('th, th *, button, button *')]
      .filter((element) => {
        const html = element as HTMLElement;
        if (!visible(html) || html.clientWidth <= 1 || html.children.length > 0) return false;
        const style = getComputedStyle(html);
        const cut = html.scrollWidth > html.clientWidth + 1;
        return cut && (style.overflow !== 'visible' || style.textOverflow === 'ellipsis');
      })
      .map((element) => ((element as HTMLElement).innerText ?? element.textContent ?? '').trim())
      .filter(Boolean);
    const numbers = [...document.querySelectorAll('td, dd, td *, dd *')]
      .filter((element) => element.children.length === 0 && visible(element))
      .map((element) => ((element as HTMLElement).innerText ?? element.textContent ?? '').trim());
    return { texts, clipped, numbers };
  });
  const english = seen.texts.filter(
    (text) => text && (lines.has(text) || phrases.some((phrase) => text.includes(phrase))),
  );
  // A decimal point between digits: the English way, which ru and lv read as thousands. Dates
  // (DD.MM.YYYY) and addresses are not numbers.
  const numbers = seen.numbers.filter(
    (text) =>
      /^[-−]?[\d\s\u00a0\u202f,]*\d\.\d+(\s?(%|[A-Z]{3}|\p{L}{1,5}\.?))?$/u.test(text) &&
      !/\d{2}\.\d{2}\.\d{4}/.test(text),
  );
  return {
    english: [...new Set(english)],
    clipped: [...new Set(seen.clipped)],
    numbers: [...new Set(numbers)],
  };
}

/** Counts the page's requests under way, so a check can wait for a screen's data. */
/** The calls of the screen in flight; the live stream (open while signed in) is not one. */
function trackRequests(page: Page): () => number {
  let pending = 0;
  const counted = (request: Request) => !request.url().endsWith('/api/events');
  page.on('request', (request) => {
    if (counted(request)) pending++;
  });
  const done = (request: Request) => {
    if (counted(request)) pending--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => pending;
}

/**
 * Waits until the screen has its heading (or says it is not for this user), its calls have
 * answered and nothing spins: what it shows then is what a person reads.
 */
async function settle(page: Page, pending: () => number) {
  await expect(page.locator('main h1, main [role="alert"]').first()).toBeVisible();
  await expect.poll(pending).toBe(0);
  await expect(
    page.locator('.mantine-Loader-root:visible, [aria-busy="true"]:visible, [data-testid="global-progress"]'),
  ).toHaveCount(0);
}

const SCREENS = [
  '/',
  '/orders/purch',
  '/orders/sales',
  '/orders/purch/add',
  '/orders/sales/add',
  '/orders/purch/import',
  // The drafts, whose first order opens an order's editor.
  '/orders/purch?progress=draft',
  '/orders/sales?progress=draft',
  '/stock',
  '/sku',
  '/discussions',
  '/discussions/add/normal',
  '/discussions/add/private',
  '/discussions/add/broadcast',
  '/notifications',
  '/reports',
  '/reports/add',
  '/auth/users',
  '/auth/users/add',
  '/auth/users/profile',
  '/auth/users/edit',
  '/companies',
  '/companies/add',
  '/apikeys',
  '/webhooks',
  '/support',
];

/**
 * The first record a list links to (an order, a SKU, a thread, a user, a company, a report) and
 * the first editor it links to; on a record's page, its editor.
 */
async function nextScreens(page: Page, from: 'list' | 'record'): Promise<string[]> {
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
  const record = /\/(view|profile)\/[^/]+$|^\/(companies|webhooks)\/\d+$/;
  const editor = /\/edit\/[^/]+$/;
  const wanted = from === 'list' ? [record, editor] : [editor];
  return wanted.flatMap((pattern) => hrefs.find((href) => pattern.test(href)) ?? []);
}

test.describe.configure({ mode: 'parallel' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/**
 * The administrator, who sees every screen, walks them in both languages; the manager and the
 * operator, whose screens are the administrator's with less on them, one language each.
 */
const WALKS: Array<{ lang: 'ru' | 'lv'; roles: Array<keyof typeof DEMO> }> = [
  { lang: 'ru', roles: ['admin', 'manager'] },
  { lang: 'lv', roles: ['admin', 'operator'] },
];

for (const { lang, roles } of WALKS) {
  for (const [role, user] of roles.map((role) => [role, DEMO[role]] as const)) {
    test(`every screen in ${lang} as the ${role} shows no English, no cut header, no foreign number`, async ({
      page,
    }) => {
      test.slow();
      const appName = flatten(readLocale(lang)).get('common.appName') ?? 'common.appName';
      const pending = trackRequests(page);
      if (SCREENS_DIR && lang === 'ru' && role === 'admin') {
        // The sign-in page too, before signing in (the walk below signs in in English).
        await page.goto('/login');
        await page.evaluate((code) => window.localStorage.setItem('lang', code), lang);
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
        await page.screenshot({ path: path.join(SCREENS_DIR, 'login-1440.png') });
        await page.setViewportSize(PHONE);
        await page.screenshot({ path: path.join(SCREENS_DIR, 'login-390.png') });
        await page.setViewportSize(DESKTOP);
        await page.evaluate(() => window.localStorage.removeItem('lang'));
        await page.reload();
      }
      await signIn(page, user);
      await expect(page).not.toHaveURL(/\/login/);
      await page.evaluate((code) => window.localStorage.setItem('lang', code), lang);
      const visits = [...SCREENS];
      const pictured = new Set<string>();
      const problems: string[] = [];
      for (let index = 0; index < visits.length; index++) {
        const screen = visits[index]!;
        // The first screen loads the app in the language; the others open within it, as the
        // menu and the links do.
        if (index === 0) await page.goto(screen);
        else await openInApp(page, screen);
        await settle(page, pending);
        expect(new URL(page.url()).pathname).toBe(screen.split('?')[0]);
        // The tab names the screen in the language too.
        const title = await page.title();
        const named = (await page.locator('main h1').count()) === 0 || title.includes(' · ');
        if (!title.endsWith(appName) || !named) problems.push(`${screen}: tab title "${title}"`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const found = await inspect(page, lang);
        for (const text of found.english) problems.push(`${screen}: English "${text}"`);
        for (const text of found.clipped) problems.push(`${screen}: cut "${text}"`);
        for (const text of found.numbers) problems.push(`${screen}: number "${text}"`);
        const name = screenName(new URL(page.url()).pathname);
        // One picture a screen: a filtered list or a second order view adds none.
        const picture = SCREENS_DIR && lang === 'ru' && role === 'admin' && !pictured.has(name);
        pictured.add(name);
        if (picture) await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-1440.png`) });
        if (role === 'admin') {
          // The administrator sees every screen: its headers and buttons must fit a phone too.
          await page.setViewportSize(PHONE);
          await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
          );
          if (picture) await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-390.png`) });
          for (const text of (await inspect(page, lang)).clipped)
            problems.push(`${screen} at 390 px: cut "${text}"`);
          await page.setViewportSize(DESKTOP);
        }
        for (const next of await nextScreens(page, index < SCREENS.length ? 'list' : 'record'))
          if (!visits.includes(next)) visits.push(next);
      }
      expect(problems).toEqual([]);
    });
  }
}
