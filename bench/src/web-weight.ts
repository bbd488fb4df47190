/**
 * What a browser with an empty cache downloads: the sign-in page, and the dashboard opened by a
 * signed-in user, as bytes on the wire (Chromium's own count through the DevTools protocol,
 * compressed as sent, headers included); then when the sign-in page's largest content is painted
 * (LCP) on a throttled line. `npm run bench -- --web`; the server must be built.
 * BENCH_WEB_LIST=1 also lists every request of each page with its size.
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
  // In flight, but for the live stream (open as long as the page is signed in).
  const inFlight = new Set<string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    urls.set(event.requestId, event.request.url);
    if (!new URL(event.request.url).pathname.endsWith('/api/events')) inFlight.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    inFlight.delete(event.requestId);
    sizes.push({ url: urls.get(event.requestId) ?? '?', bytes: event.encodedDataLength });
  });
  cdp.on('Network.loadingFailed', (event) => inFlight.delete(event.requestId));
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await quiet(() => inFlight.size);
  await context.close();
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  if (process.env.BENCH_WEB_LIST)
    for (const s of sizes) console.log(name, (s.bytes / 1024).toFixed(1), s.url);
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

/**
 * Waits until no request has been in flight for half a second (Playwright's 'networkidle', which
 * would wait for the live stream to end too), 30 s at most.
 */
async function quiet(inFlight: () => number): Promise<void> {
  const deadline = Date.now() + 30_000;
  let idleSince = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (inFlight() > 0) idleSince = Date.now();
    else if (Date.now() - idleSince >= 500) return;
  }
  throw new Error('the page kept loading for 30 s');
}

/** Network conditions as the DevTools protocol takes them: bytes per second, milliseconds. */
interface Line {
  name: string;
  downloadThroughput: number;
  uploadThroughput: number;
  latency: number;
}

const LINES: Line[] = [
  // 10 Mbit/s down (and up), 40 ms added to every request.
  {
    name: '10 Mbit/s, 40 ms',
    downloadThroughput: 10_000_000 / 8,
    uploadThroughput: 10_000_000 / 8,
    latency: 40,
  },
  // Chrome DevTools' 'Slow 4G' preset (its NetworkManager): 1.6 Mbit/s down and 750 kbit/s up,
  // each at 90 %, and 150 ms × 3.75 of latency.
  {
    name: 'Slow 4G (DevTools)',
    downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
    uploadThroughput: ((750 * 1000) / 8) * 0.9,
    latency: 150 * 3.75,
  },
];
const LCP_RUNS = 3;

/**
 * The sign-in page's Largest Contentful Paint, in ms from the start of navigation, with an empty
 * cache on the given line (throttled by Chromium itself through the DevTools protocol; the CPU is
 * not throttled). The page's own PerformanceObserver records the last candidate; it is read once
 * the form is shown and the network idle, before any input (which would end the measurement).
 */
async function signInLcp(browser: Browser, url: string, line: Line): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // As the page's own script (the bench's types are Node's, without the browser's LCP entries).
  await page.addInitScript({
    content: `globalThis.lcp = -1;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) globalThis.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });`,
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    downloadThroughput: line.downloadThroughput,
    uploadThroughput: line.uploadThroughput,
    latency: line.latency,
  });
  await page.goto(url);
  await page.locator('input[type="password"]').first().waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  const lcp = await page.evaluate(() => (globalThis as unknown as { lcp: number }).lcp);
  await context.close();
  return lcp;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
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
    console.log(`\n| sign-in page LCP, cold | median of ${LCP_RUNS} ms | runs ms |\n|---|---:|---|`);
    for (const line of LINES) {
      const runs: number[] = [];
      for (let run = 0; run < LCP_RUNS; run += 1)
        runs.push(await signInLcp(browser, `${server.url}/login`, line));
      // A run whose page reported no LCP entry (it can happen on a loaded machine) is shown as '–'.
      const seen = runs.filter((ms) => ms >= 0);
      const shown = runs.map((ms) => (ms >= 0 ? ms.toFixed(0) : '–')).join(', ');
      console.log(`| ${line.name} | ${median(seen).toFixed(0)} | ${shown} |`);
    }
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}
