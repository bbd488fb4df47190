import { PageConfig } from '@extranet/contract';
import { fetchedPageConfig } from './page-config-file';

let current: PageConfig | null = null;

/** The page's configuration (GET /config.json, fetched at start), checked on first use. */
export function getPageConfig(): PageConfig {
  current ??= PageConfig.parse(fetchedPageConfig());
  return current;
}

/** Tests set the page's configuration instead of fetching it. @internal */
export function setPageConfig(config: PageConfig): void {
  current = config;
}
