// `npm start`: builds what is missing or out of date (the web app, the server), then runs the
// built server in this process, so that SIGTERM and SIGINT reach it directly.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, ensureServerBuilt, root } from './server-build.mjs';

if (!process.argv.includes('--help') && !existsSync(path.join(root, 'web/dist/index.html')))
  build('web app', 'web');
ensureServerBuilt();
// Stack traces point into the TypeScript sources (dist/main.js.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'server/dist/main.js')).href);
