/**
 * GET /config.json, fetched once before the first render. Kept as it came: the sign-in page has no
 * use for it before its first call, so it is checked against the contract's schema there
 * (page-config.ts), and the signed-in app checks it as it starts.
 */
let fetched: unknown;

export async function fetchPageConfig(url = '/config.json'): Promise<void> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  fetched = await response.json();
}

export function fetchedPageConfig(): unknown {
  if (fetched === undefined) throw new Error('Page configuration is not loaded yet');
  return fetched;
}
