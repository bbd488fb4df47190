/**
 * GET /config.json, fetched once before the first render. Kept as it came: the sign-in page has no
 * use for it before its first call, so it is checked against the contract's schema there
 * (page-config.ts), and the signed-in app checks it as it starts.
 */
let fetched: unknown;

export async function fetchPageConfig(url = '/config.json'): Promise<void> {
  // As index.html preloads it (the server marks it no-cache): the preloaded answer is this one.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  fetched = await response.json();
}

export function fetchedPageConfig(): unknown {
  if (fetched === undefined) throw new Error('Page configuration is not loaded yet');
  return fetched;
}
