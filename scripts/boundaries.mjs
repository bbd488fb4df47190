#!/usr/bin/env node
// Writes the import boundaries into biome.json from the folders as they are, so that a new web
// feature or server module is covered the moment its folder exists: `npm run check` runs this
// before Biome. Only the server modules' order is written by hand (MODULE_IMPORTS below); a
// module missing from it fails the check until its place in the order is decided.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIOME = path.join(ROOT, 'biome.json');

/**
 * Which server modules each module may import (server/src/modules/README.md). Modules depend one
 * way only: files < discussions < orders < slots < wms, graphs; catalogs below companies, orders, stock,
 * sku, reports and wms; webhooks below discussions, orders and wms, using auth's secret
 * encryption; auth, apikeys and notifications stand alone; views
 * above the modules whose lists it counts (auth, discussions, orders, sku, stock). Tests and factories may use any.
 */
const MODULE_IMPORTS = {
  apikeys: [],
  auth: [],
  catalogs: [],
  companies: ['catalogs'],
  discussions: ['files', 'webhooks'],
  files: [],
  graphs: ['catalogs', 'discussions', 'files', 'orders', 'webhooks'],
  notifications: [],
  orders: ['catalogs', 'discussions', 'files', 'webhooks'],
  reports: ['catalogs'],
  sku: ['catalogs'],
  slots: ['catalogs', 'discussions', 'files', 'orders', 'webhooks'],
  stock: ['catalogs'],
  views: ['auth', 'discussions', 'orders', 'sku', 'stock'],
  webhooks: ['auth'],
  wms: ['catalogs', 'discussions', 'files', 'orders', 'slots', 'stock', 'webhooks'],
};

const MODULES_MESSAGE =
  'Server modules depend one way only, as scripts/boundaries.mjs orders them (server/src/modules/README.md).';
const FEATURES_MESSAGE =
  'Features never import each other or the app: share through web/src/shared, compose in web/src/app (web/src/features/README.md).';
const SHARED_MESSAGE =
  'shared/ is below the features and the app: it imports neither (web/src/features/README.md).';

function folders(relative) {
  return readdirSync(path.join(ROOT, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The outbox owns the jobs table (server/src/jobs/outbox.ts): no other server code names it. */
const JOBS_TABLE = {
  group: ['**/db/schema', '**/db/schema/*'],
  importNamePattern: 'jobs',
  message:
    'Only the outbox (server/src/jobs/) names the jobs table: use its functions (server/src/jobs/outbox.ts).',
};
const NOT_TESTS = ['!**/*.test.ts', '!server/src/test/**'];
/** Test data builders live in server/src/test/, out of the production tree, which never imports them. */
const TEST_CODE = {
  group: ['**/test/**'],
  message: 'Production code never imports test code (server/src/test/).',
};

function restrict(includes, patterns) {
  return {
    includes,
    linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
  };
}

/** The boundary rules the folders call for now. */
export function boundaryOverrides() {
  const features = folders('web/src/features');
  const modules = folders('server/src/modules');
  const builders = readdirSync(path.join(ROOT, 'server/src'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.factories.ts') && !file.startsWith(`test${path.sep}`));
  if (builders.length > 0) {
    throw new Error(
      `scripts/boundaries.mjs: move test data builders to server/src/test/: ${builders.join(', ')}`,
    );
  }
  const undecided = modules.filter((name) => !(name in MODULE_IMPORTS));
  if (undecided.length > 0) {
    throw new Error(
      `scripts/boundaries.mjs: place the server module(s) ${undecided.join(', ')} in MODULE_IMPORTS (which modules each may import)`,
    );
  }
  return [
    ...features.map((feature) =>
      restrict(
        [`web/src/features/${feature}/**`],
        [
          {
            group: [
              ...features.filter((other) => other !== feature).map((other) => `**/${other}/**`),
              '**/app/**',
            ],
            message: FEATURES_MESSAGE,
          },
        ],
      ),
    ),
    restrict(['web/src/shared/**'], [{ group: ['**/features/**', '**/app/**'], message: SHARED_MESSAGE }]),
    // A later block replaces an earlier one's patterns for the files both include: each module's
    // block repeats the jobs table's.
    restrict(
      ['server/src/**', '!server/src/jobs/**', '!server/src/db/**', ...NOT_TESTS],
      [JOBS_TABLE, TEST_CODE],
    ),
    ...modules.map((module) =>
      restrict(
        [`server/src/modules/${module}/**`, ...NOT_TESTS],
        [
          {
            group: modules
              .filter((other) => other !== module && !MODULE_IMPORTS[module].includes(other))
              .map((other) => `**/${other}/**`),
            message: MODULES_MESSAGE,
          },
          JOBS_TABLE,
          TEST_CODE,
        ],
      ),
    ),
  ];
}

const isBoundary = (override) => override.linter?.rules?.style?.noRestrictedImports !== undefined;

const config = JSON.parse(readFileSync(BIOME, 'utf8'));
const next = {
  ...config,
  overrides: [
    ...(config.overrides ?? []).filter((override) => !isBoundary(override)),
    ...boundaryOverrides(),
  ],
};
if (JSON.stringify(next) !== JSON.stringify(config)) {
  writeFileSync(BIOME, `${JSON.stringify(next, null, 2)}\n`);
  execFileSync('npx', ['biome', 'format', '--write', BIOME], { cwd: ROOT, stdio: 'ignore' });
  console.log('biome.json: import boundaries written for the folders as they are now');
}
