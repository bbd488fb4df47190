import { z } from 'zod';

/** GET /config.json: what the web app needs before its first call. */
export const PageConfig = z.object({
  apiBaseUrl: z.string(),
  timeoutMs: z.int(),
  COMMENT_MAX_FILES: z.int(),
  COMMENT_MAX_FILESIZE: z.int(),
  COMMENT_ACCEPTED_FILES: z.string(),
  /** Private hosts reports may embed (server REPORT_ALLOWED_HOSTS), so the report form can tell early. */
  REPORT_ALLOWED_HOSTS: z.array(z.string()).optional(),
});
export type PageConfig = z.infer<typeof PageConfig>;
