import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageConfig } from '@extranet/contract';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { DestinationStream, Logger } from 'pino';
import { startJobs } from './background';
import { type Config, ConfigError } from './config';
import { type Database, openDatabase } from './db/client';
import { seedReferenceData } from './demo/seed-reference';
import type { Deps } from './http/calls';
import { AppError, errorHandler, sendFailure } from './http/errors';
import { inspectJson, JSON_PROBLEM_REASONS } from './http/json-guard';
import { Lifecycle, registerLifecycleRoutes } from './http/lifecycle';
import { type LiveEvents, registerLiveEvents } from './http/live-events';
import { createMetrics, serveMetrics, timeRequests } from './http/metrics';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { serializerCompiler } from './http/serialize';
import { createLogger } from './log';
import { registerApiKeyRoutes } from './modules/apikeys/apikeys.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerTableColumnRoutes } from './modules/auth/table-columns.routes';
import { registerUserRoutes } from './modules/auth/users.routes';
import { registerCatalogRoutes } from './modules/catalogs/catalogs.routes';
import { registerCompanyRoutes } from './modules/companies/companies.routes';
import { registerDiscussionRoutes } from './modules/discussions/discussions.routes';
import { registerFileRoutes } from './modules/files/files.routes';
import { createStorageDriver, type StorageDriver } from './modules/files/storage';
import { registerGraphRoutes } from './modules/graphs/graphs.routes';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import { registerOrderRoutes } from './modules/orders/orders.routes';
import { registerReportRoutes } from './modules/reports/reports.routes';
import { registerSkuRoutes } from './modules/sku/sku.routes';
import { registerSlotRoutes } from './modules/slots/slots.routes';
import { registerStockRoutes } from './modules/stock/stock.routes';
import { registerViewRoutes } from './modules/views/views.routes';
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes';
import { registerWmsRoutes } from './modules/wms/wms.routes';
import { loadSecretKey } from './secret-key';

/** Helmet's headers that only a document (or a worker) obeys; a script or style sheet keeps the rest. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
export const JSON_BODY_LIMIT = 1024 * 1024;

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest the server. */
function trustProxy(setting: Config['TRUST_PROXY']) {
  if (setting === undefined) return false;
  if (Array.isArray(setting)) return setting;
  return (_address: string, hop: number) => hop < setting;
}

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  deps: Deps;
  /** Readiness and the drain on SIGTERM (main.ts). */
  lifecycle: Lifecycle;
  storage: StorageDriver;
}

/**
 * Builds the whole server: used by the CLI and by tests (through app.inject or real HTTP).
 * `jobs: false` keeps the background scheduler (email summaries, clean-ups) off, as tests need;
 * `log` is the logger to use (the CLI's), or `logStream` takes the log lines instead of standard output.
 */
export async function buildApp(
  config: Config,
  options: { database?: Database; jobs?: boolean; log?: Logger; logStream?: DestinationStream } = {},
): Promise<BuiltApp> {
  const log = options.log ?? createLogger(config, options.logStream);
  const storage = createStorageDriver(config);
  try {
    await storage.check();
  } catch (error) {
    storage.close();
    throw new ConfigError(`Invalid configuration: STORAGE_DRIVER: ${(error as Error).message}`);
  }
  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dir: config.dbDir,
      poolSize: config.DATABASE_POOL_SIZE,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      embeddedBudgetMs: config.EMBEDDED_DB_QUERY_BUDGET_MS,
      log,
    }));
  await seedReferenceData(database.db);
  const deps: Deps = { db: database.db, config, secretKey: loadSecretKey(config), metrics: createMetrics() };

  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
    trustProxy: trustProxy(config.TRUST_PROXY),
    // A request whose body has not arrived whole by then is answered 408 and its connection closed.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // One line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  if (config.METRICS_PORT !== undefined) timeRequests(app, deps.metrics);
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        // Without the query: a file download's code is a credential.
        path: request.url.split('?', 1)[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  const lifecycle = new Lifecycle();
  registerLifecycleRoutes(app, lifecycle, database);
  // A JSON call sent with no body at all ("no body" calls of SPEC.md) is `{}`, not a refusal;
  // anything else goes through Fastify's own JSON parser, with its prototype-poisoning guards,
  // and then through the limits of json-guard.ts.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    parseJson(request, text, (error, value) => {
      if (error) return done(error);
      const problem = inspectJson(value);
      if (problem)
        return done(new AppError('malformed_api_request', { reason: JSON_PROBLEM_REASONS[problem] }));
      done(null, value);
    });
  });
  if (!options.database) app.addHook('onClose', () => database.close());
  app.addHook('onClose', () => storage.close());

  // Answers of 1 KB and more, JSON and text, gzipped for a client that accepts it: for a page of
  // 50 orders (27 KB) gzip takes 0.2 ms where brotli's fast level takes 1.3 ms for the same size.
  // The web app's files are compressed once, at build time, with brotli (web/vite.config.ts).
  // Up to 64 KB in one synchronous step, not the stream pipeline the plugin picks past 8 KB on two
  // cores: 0.5 ms less CPU for that page of orders, measured side by side.
  // Level 3 rather than zlib's 6: that page in 54 µs instead of 115, 9 % larger (2.5 KB, not 2.3).
  await app.register(fastifyCompress, {
    encodings: ['gzip'],
    syncThreshold: 65536,
    zlibOptions: { level: 3 },
  });

  // Helmet's headers on every answer, from one middleware built at start (@fastify/helmet built
  // a new one, its policy parsed again, on each request: 5 % of a page of orders' CPU).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects its CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Reports embed pages of their own URLs (any http or https site).
        frameSrc: ["'self'", 'http:', 'https:'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(deps.db) });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Partner extranet API', version: '1.0.0' },
      components: {
        securitySchemes: {
          // `Authorization: SessionCode <token>`, from /auth/login.
          session: { type: 'apiKey', in: 'header', name: 'Authorization' },
          // `Authorization: Bearer <key>`, an API key of Management → API keys.
          apiKey: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  let live: LiveEvents | undefined;
  await app.register(
    async (api) => {
      // Answers hold one user's data: no browser or proxy may keep a copy (a shared computer's
      // back button, a caching proxy). Set first, so refusals carry it too.
      api.addHook('onRequest', async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
      });
      registerAuthRoutes(api, deps);
      registerApiKeyRoutes(api, deps);
      registerUserRoutes(api, deps);
      registerTableColumnRoutes(api, deps);
      registerCatalogRoutes(api, deps);
      registerCompanyRoutes(api, deps);
      registerStockRoutes(api, deps);
      registerSkuRoutes(api, deps);
      registerReportRoutes(api, deps);
      registerNotificationRoutes(api, deps);
      registerDiscussionRoutes(api, deps);
      registerViewRoutes(api, deps);
      registerFileRoutes(api, deps, storage);
      registerOrderRoutes(api, deps);
      registerSlotRoutes(api, deps);
      registerGraphRoutes(api, deps);
      registerWmsRoutes(api, deps, storage);
      registerWebhookRoutes(api, deps);
      const streams = registerLiveEvents(api, deps);
      live = streams;
      lifecycle.onDrain(() => streams.drain());
    },
    { prefix: '/api' },
  );

  app.get('/config.json', async (_request, reply): Promise<PageConfig> => {
    // Read anew on every page load (index.html preloads it), never from an old copy.
    reply.header('Cache-Control', 'no-cache');
    return {
      apiBaseUrl: '/api',
      timeoutMs: config.API_TIMEOUT_MS,
      COMMENT_MAX_FILES: config.COMMENT_MAX_FILES,
      COMMENT_MAX_FILESIZE: config.COMMENT_MAX_FILESIZE,
      COMMENT_ACCEPTED_FILES: config.COMMENT_ACCEPTED_FILES,
      REPORT_ALLOWED_HOSTS: config.REPORT_ALLOWED_HOSTS,
      TRACKING_URLS: config.TRACKING_URLS,
      SLOT_TIME_ZONE: config.SLOT_TIME_ZONE,
      ...(config.OIDC_ISSUER ? { SSO_DISPLAY_NAME: config.OIDC_DISPLAY_NAME } : {}),
    };
  });

  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : DEFAULT_WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // The build writes .br and .gz beside each file; the one the browser accepts is sent.
      preCompressed: true,
      // Built assets carry a content hash in their names, so they never change.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  if (hasWeb) {
    // A built script or style sheet is no document: the headers that only a document obeys (its
    // policy of what it may load, framing, isolation) are half a kilobyte on each of its requests.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/assets/'))
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return payload;
    });
    // The static plugin refuses a directory; the root is the web app's page like any other.
    app.get('/', (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || request.method !== 'GET' || !hasWeb || url.startsWith('/assets/')) {
      return sendFailure(reply.header('Cache-Control', 'no-store'), 404, {
        code: 'malformed_api_request',
        details: 'unknown call',
      });
    }
    // History-API fallback: every other page is the web app's to route.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  if (options.jobs !== false) {
    const jobs = startJobs(deps, storage, app.log, database);
    app.addHook('preClose', () => jobs.stop());
    lifecycle.onDrain(() => jobs.stop());
  }
  try {
    await serveMetrics(app, config, deps.metrics, { database, live: () => live });
  } catch (error) {
    await app.close();
    throw new ConfigError(`Invalid configuration: METRICS_PORT: ${(error as Error).message}`);
  }
  return { app, database, deps, storage, lifecycle };
}
