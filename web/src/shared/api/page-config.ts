import { PageConfig } from '@extranet/contract';

let current: PageConfig | null = null;

/** Loads GET /config.json once, before the first render. */
export async function loadPageConfig(url = '/config.json'): Promise<PageConfig> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  current = PageConfig.parse(await response.json());
  return current;
}

export function getPageConfig(): PageConfig {
  if (!current) throw new Error('Page configuration is not loaded yet');
  return current;
}

export function setPageConfig(config: PageConfig): void {
  current = config;
}
