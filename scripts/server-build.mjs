// Builds the server (server/dist) when its build is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time of the files under a directory. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

export function build(what, workspace, { quiet = false } = {}) {
  if (!quiet) console.log(`Building the ${what}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace, '--silent'], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function ensureServerBuilt(options = {}) {
  const built = path.join(root, 'server/dist/main.js');
  const sources = Math.max(newest(path.join(root, 'server/src')), newest(path.join(root, 'contract/src')));
  if (!existsSync(built) || statSync(built).mtimeMs < sources) build('server', 'server', options);
}
