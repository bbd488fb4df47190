import type { PageConfig } from '@extranet/contract';
import { setPageConfig } from '../shared/api/page-config';

/** The page configuration component tests run with (config.json's), with `extra` on top. */
export function setTestPageConfig(extra: Partial<PageConfig> = {}): void {
  setPageConfig({
    apiBaseUrl: '/api',
    timeoutMs: 2000,
    COMMENT_MAX_FILES: 1,
    COMMENT_MAX_FILESIZE: 1,
    COMMENT_ACCEPTED_FILES: '*',
    ...extra,
  });
}
