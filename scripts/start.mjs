// `npm start`: builds what is missing or out of date (the web app, the server), then runs the
// built server in this process, so that SIGTERM and SIGINT reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const serverMain = path.join(root, 'server/dist/main.js');

/** The newest modification time of the files under a directory. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

function run(what, workspace) {
  console.log(`Building the ${what}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (!args.includes('--help') && !existsSync(path.join(root, 'web/dist/index.html'))) run('web app', 'web');
const serverSources = Math.max(
  newest(path.join(root, 'server/src')),
  newest(path.join(root, 'contract/src')),
);
if (!existsSync(serverMain) || statSync(serverMain).mtimeMs < serverSources) run('server', 'server');

// Stack traces point into the TypeScript sources (dist/main.js.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverMain).href);
