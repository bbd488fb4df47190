import { isIP } from 'node:net';
import path from 'node:path';
import { isTimeZone, normalizeAllowedHost, webhooks } from '@extranet/contract';
import { z } from 'zod';

const DEFAULT_ACCEPTED_FILES = [
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.txt',
  '.csv',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.odt',
  '.ods',
  '.zip',
].join(',');

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** An address or a CIDR range: `10.0.0.0/8`, `192.168.1.7`, `fd00::/8`. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the server are trusted to name the client in X-Forwarded-For: the
 * number of hops (`1` behind one load balancer), or their addresses and ranges, comma-separated.
 * Unset: none, the peer's address is the client's.
 */
const TrustProxy = z
  .string()
  .transform((value, ctx): number | string[] => {
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const invalid = entries.find((entry) => !isAddressOrRange(entry));
    if (invalid === undefined) return entries;
    ctx.addIssue({ code: 'custom', message: `not a hop count, address or CIDR range: ${invalid}` });
    return z.NEVER;
  })
  .optional();

function isSafeIssuer(value: string): boolean {
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

const OIDC_SETTINGS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URL'] as const;

/** Host names and addresses, comma-separated, normalised as the URL parser spells them. */
const hostList = (normalize: (entry: string) => string | null, what: string) =>
  z
    .string()
    .default('')
    .transform((value, ctx) => {
      const entries = value.split(',').filter((entry) => entry.trim());
      const hosts = entries.map(normalize);
      const bad = entries.find((_, index) => hosts[index] === null);
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `not ${what}: ${bad.trim()}` });
      return hosts.filter((host): host is string => host !== null);
    });
const HostList = hostList(normalizeAllowedHost, 'a host name or address');
/** Hosts with an optional port (`erp.corp:8080`, `erp.corp:*`): contract normalizeWebhookHost. */
const WebhookHostList = hostList(
  webhooks.normalizeWebhookHost,
  'a host name or address with an optional port',
);

/**
 * Carriers' tracking pages, as JSON: `{"DHL": "https://…?id={number}"}`. Keys are carrier codes as
 * the warehouse names them, kept in upper case; each template is an http(s) URL with `{number}`.
 */
const TrackingUrls = z
  .string()
  .default('{}')
  .transform((value, ctx): Record<string, string> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of carrier codes to URL templates' });
      return z.NEVER;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of carrier codes to URL templates' });
      return z.NEVER;
    }
    const templates: Record<string, string> = {};
    for (const [carrier, template] of Object.entries(parsed)) {
      const code = carrier.trim().toUpperCase();
      if (!code || code.length > 50) {
        ctx.addIssue({ code: 'custom', message: `not a carrier code: "${carrier}"` });
        return z.NEVER;
      }
      if (
        typeof template !== 'string' ||
        !/^https?:\/\/[^\s]+$/.test(template) ||
        !template.includes('{number}')
      ) {
        ctx.addIssue({ code: 'custom', message: `${carrier}: not an http(s) URL with {number}` });
        return z.NEVER;
      }
      templates[code] = template;
    }
    return templates;
  });

const ConfigSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(0, 65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: int(1, 1000).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: int(0, 3_600_000).default(30_000),
  /** PostgreSQL: how long a call waits for a new connection before answering 503 (0: no limit). */
  DATABASE_CONNECT_TIMEOUT_MS: int(0, 600_000).default(5_000),
  /** The embedded database: how long a query may wait for it before the call answers 503 (0: no limit). */
  EMBEDDED_DB_QUERY_BUDGET_MS: int(0, 3_600_000).default(10_000),
  /** On SIGTERM: how long running calls and job steps may take to finish before the process exits. */
  SHUTDOWN_GRACE_MS: int(0, 600_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: int(1, 60 * 24 * 7).default(8 * 60),
  SESSION_ABSOLUTE_DAYS: int(1, 365).default(7),
  LOGIN_RATE_LIMIT: int(1, 100_000).default(30),
  LOGIN_LOCK_MINUTES: int(1, 24 * 60).default(15),
  /**
   * The longest a sign-in of a username waits while it sees a burst of failures from anywhere;
   * the wait doubles with each failure past the fifth (0: no wait).
   */
  LOGIN_DELAY_MAX_MS: int(0, 60_000).default(8_000),
  /**
   * Calls with an unknown session token or API key per client address per minute, counted across
   * every instance; past it the address is answered 429 with Retry-After until the minute is over.
   */
  AUTH_FAILURE_RATE_LIMIT: int(1, 1_000_000).default(60),
  /** Calls per API key per minute, counted across every instance (HTTP 429 past it). */
  API_KEY_RATE_LIMIT: int(1, 1_000_000).default(300),
  /** Live update streams (GET /api/events) one session may hold at once: its tabs (429 past it). */
  LIVE_STREAMS_PER_SESSION: int(1, 100_000).default(4),
  /** Live update streams one user may hold at once, across their sessions (429 past it). */
  LIVE_STREAMS_PER_USER: int(1, 1_000_000).default(16),
  /** Live update streams this instance holds at once, everyone's (503 with Retry-After past it). */
  LIVE_STREAMS_PER_INSTANCE: int(1, 1_000_000).default(5_000),
  /** Encrypts second-factor secrets at rest; unset: a key generated into DATA_DIR/secret.key. */
  SECRET_KEY: z.string().min(32, 'at least 32 characters').optional(),
  TRUST_PROXY: TrustProxy,
  API_TIMEOUT_MS: int(1000, 600_000).default(30_000),
  COMMENT_MAX_FILES: int(1, 100).default(5),
  COMMENT_MAX_FILESIZE: int(1, 1024 * 1024 * 1024).default(10 * 1024 * 1024),
  COMMENT_ACCEPTED_FILES: z.string().min(1).default(DEFAULT_ACCEPTED_FILES),
  UPLOAD_IDLE_TIMEOUT_MS: int(100, 600_000).default(30_000),
  REQUEST_TIMEOUT_MS: int(1_000, 3_600_000).default(300_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('extranet@localhost'),
  JOBS_INTERVAL_MS: int(50, 3_600_000).default(1000),
  WMS_CONNECTOR: z.enum(['simulator', 'http']).default('simulator'),
  WMS_URL: z.url().optional(),
  WMS_SECRET: z.string().min(16).optional(),
  WMS_SEND_DELAY_MS: int(0, 3_600_000).default(5_000),
  WMS_TIMEOUT_MS: int(100, 600_000).default(10_000),
  WMS_MAX_ATTEMPTS: int(1, 100).default(10),
  WMS_RETRY_BASE_MS: int(10, 3_600_000).default(5_000),
  WMS_RETENTION_DAYS: int(1, 3650).default(30),
  WMS_SIM_ACCEPT_MS: int(0, 600_000).default(1_500),
  WMS_SIM_STEP_MS: int(0, 86_400_000).default(20_000),
  WMS_SIM_FAILURE_SHARE: z.coerce.number().min(0).max(1).default(0.1),
  TRACKING_URLS: TrackingUrls,
  /** The zone of the warehouse's slot schedules (IANA name): its days and hours are read in it. */
  SLOT_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Riga')
    .default('Europe/Riga'),
  /** How many weeks ahead slots may be booked. */
  SLOT_HORIZON_WEEKS: int(1, 104).default(12),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** An S3-compatible store's address; unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  WEB_DIST: z.string().optional(),
  /** Private hosts an operator lets reports embed (contract `reportUrlProblem`), comma-separated. */
  REPORT_ALLOWED_HOSTS: HostList,
  /**
   * Hosts webhooks may reach by plain http or in a private network (contract `webhookUrlProblem`):
   * a bare host on ports 80 and 443 only, `host:port` on that port, `host:*` on every port.
   */
  WEBHOOK_ALLOWED_HOSTS: WebhookHostList,
  WEBHOOK_TIMEOUT_MS: int(100, 600_000).default(10_000),
  WEBHOOK_RETRY_BASE_MS: int(10, 3_600_000).default(10_000),
  /** Prometheus metrics (GET /metrics) on a listener of their own at this port; unset: none. */
  METRICS_PORT: int(1, 65535).optional(),
  /** The metrics listener's address: the local machine unless a scraper elsewhere must reach it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Single sign-on (OpenID Connect): the provider's issuer URL, https (plain http only for a
   * provider on this machine, 127.0.0.1 or localhost). The four OIDC_ settings go together.
   */
  OIDC_ISSUER: z.url().refine(isSafeIssuer, 'must be an https:// URL (http:// only on localhost)').optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where the provider sends the browser back: https://<host>/api/auth/sso/callback. */
  OIDC_REDIRECT_URL: z
    .url()
    .refine(
      (value) => new URL(value).pathname.endsWith('/auth/sso/callback'),
      'must end with /api/auth/sso/callback',
    )
    .optional(),
  /** The provider's name on the sign-in button: "Sign in with <name>". */
  OIDC_DISPLAY_NAME: z.string().trim().min(1).max(60).default('SSO'),
  /** A company's name: people the provider knows but the extranet does not join it, with no permissions. */
  OIDC_AUTO_CREATE_COMPANY: z.string().trim().min(1).optional(),
});

export type Config = z.infer<typeof ConfigSchema> & {
  /** Directory of the embedded database; absent when DATABASE_URL is set. */
  dbDir: string | undefined;
  filesDir: string;
  demo: boolean;
};

export class ConfigError extends Error {}

/** Reads configuration once from an environment (process.env in main.ts, literals in tests). */
export function loadConfig(env: Record<string, string | undefined>, overrides: Partial<Config> = {}): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.superRefine((value, ctx) => {
    if (value.WMS_CONNECTOR === 'http') {
      for (const key of ['WMS_URL', 'WMS_SECRET'] as const) {
        if (!value[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'required when WMS_CONNECTOR=http' });
      }
    }
    if (value.METRICS_PORT !== undefined && value.METRICS_PORT === value.PORT)
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
    if (value.STORAGE_DRIVER === 's3' && !value.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE_DRIVER=s3' });
    if (!value.S3_ACCESS_KEY_ID !== !value.S3_SECRET_ACCESS_KEY)
      ctx.addIssue({
        code: 'custom',
        path: [value.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    const oidcMissing = OIDC_SETTINGS.find((key) => !value[key]);
    if (oidcMissing && OIDC_SETTINGS.some((key) => value[key]))
      ctx.addIssue({
        code: 'custom',
        path: [oidcMissing],
        message: `${OIDC_SETTINGS.join(', ')} go together`,
      });
  }).safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])}: ${issue.message}`);
  }
  const merged = { ...parsed.data, ...overrides };
  const dataDir = path.resolve(merged.DATA_DIR);
  return {
    ...merged,
    DATA_DIR: dataDir,
    dbDir: merged.DATABASE_URL ? undefined : path.join(dataDir, 'db'),
    filesDir: overrides.filesDir ?? path.join(dataDir, 'files'),
    demo: overrides.demo ?? true,
  };
}
