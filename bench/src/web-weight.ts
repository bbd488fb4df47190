/**
 * What a browser with an empty cache downloads: the sign-in page, and the dashboard opened by a
 * signed-in user, as bytes on the wire (Chromium's own count through the DevTools protocol,
 * compressed as sent, headers included). `npm run bench -- --web`; the server must be built.
 */
import { type Browser, chromium } from '@playwright/test';
import { signIn, startServer } from './harness';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Weight {
  page: string;
  kilobytes: number;
  requests: number;
  largest: string[];
}

async function weigh(
  browser: Browser,
  url: string,
  name: string,
  ready: string,
  options: { token?: string; identity?: boolean } = {},
): Promise<Weight> {
  const { token } = options;
  const context = await browser.newContext();
  if (token) {
    await context.addInitScript(
      (code) =>
        (
          globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
        ).localStorage.setItem('session_code', code),
      token,
    );
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // As a client that takes no compression: what every page cost before the server compressed.
  if (options.identity)
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  const urls = new Map<string, string>();
  const sizes: Array<{ url: string; bytes: number }> = [];
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) =>
    sizes.push({ url: urls.get(event.requestId) ?? '?', bytes: event.encodedDataLength }),
  );
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  return {
    page: name,
    kilobytes: total / 1024,
    requests: sizes.length,
    largest: sizes
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5)
      .map((s) => `${new URL(s.url).pathname} ${(s.bytes / 1024).toFixed(1)} KB`),
  };
}

export async function runWebWeight(): Promise<Weight[]> {
  const server = await startServer({ name: 'server' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  try {
    const token = await signIn(server, 'admin', 'admin-demo-1');
    const results = [
      await weigh(browser, `${server.url}/login`, 'sign-in page, cold', 'input[type="password"]'),
      await weigh(browser, `${server.url}/`, 'dashboard, cold, signed in', '[role="img"]', { token }),
      await weigh(
        browser,
        `${server.url}/login`,
        'sign-in page, cold, uncompressed',
        'input[type="password"]',
        {
          identity: true,
        },
      ),
      await weigh(browser, `${server.url}/`, 'dashboard, cold, signed in, uncompressed', '[role="img"]', {
        token,
        identity: true,
      }),
    ];
    console.log('\n| page | transferred KB | requests | largest |\n|---|---:|---:|---|');
    for (const r of results) {
      console.log(`| ${r.page} | ${r.kilobytes.toFixed(0)} | ${r.requests} | ${r.largest.join(', ')} |`);
    }
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}
