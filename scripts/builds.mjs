// The two builds of the product, the web app (web/dist) and the server (server/dist), and whether
// each is current: a finished build leaves a stamp (under .tmp/builds) dated when it started, and
// is current while its output is there and no file it is built from is newer than that stamp (a
// source edited during the build counts as newer; a build that did not finish left no stamp).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SHARED = ['contract/src', 'contract/package.json', 'package-lock.json'];
const PARTS = {
  web: {
    what: 'web app',
    output: 'web/dist/index.html',
    sources: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/postcss.config.cjs',
      'web/package.json',
    ],
  },
  server: {
    what: 'server',
    output: 'server/dist/main.js',
    sources: ['server/src', 'server/scripts', 'server/package.json'],
  },
};
export const PART_NAMES = Object.keys(PARTS);

const stampOf = (part) => path.join(root, '.tmp', 'builds', `${part}.stamp`);

/** The newest modification time of these files and of the files under these directories. */
function newest(paths) {
  let latest = 0;
  for (const relative of paths) {
    const file = path.join(root, relative);
    if (!existsSync(file)) continue;
    const stat = statSync(file);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      continue;
    }
    for (const entry of readdirSync(file, { withFileTypes: true, recursive: true })) {
      if (entry.isFile())
        latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return latest;
}

/** Builds `part` ('web' or 'server'); exits with the build's status when it fails. */
export function build(part, { quiet = false } = {}) {
  if (!quiet) console.log(`Building the ${PARTS[part].what}…`);
  const started = new Date();
  rmSync(stampOf(part), { force: true });
  const result = spawnSync('npm', ['run', 'build', '-w', part, '--silent'], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  mkdirSync(path.dirname(stampOf(part)), { recursive: true });
  writeFileSync(stampOf(part), '');
  utimesSync(stampOf(part), started, started);
}

/** Whether `part` has a build no source is newer than. */
export function isCurrent(part) {
  const stamp = stampOf(part);
  return (
    existsSync(stamp) &&
    existsSync(path.join(root, PARTS[part].output)) &&
    statSync(stamp).mtimeMs >= newest([...PARTS[part].sources, ...SHARED])
  );
}

/** Builds `part` when its build is missing or older than its sources. */
export function ensureBuilt(part, options = {}) {
  if (!isCurrent(part)) build(part, options);
}
