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
  /** Carrier code (upper case) to its tracking page, `{number}` standing for the number (server TRACKING_URLS). */
  TRACKING_URLS: z.record(z.string(), z.string()).optional(),
  /** The zone of the warehouse's slot schedules (server SLOT_TIME_ZONE): slots are shown in it. */
  SLOT_TIME_ZONE: z.string().optional(),
  /** Single sign-on is set up: the provider's name for the "Sign in with" button (server OIDC_DISPLAY_NAME). */
  SSO_DISPLAY_NAME: z.string().optional(),
});
export type PageConfig = z.infer<typeof PageConfig>;
