// `npm start`: builds what is missing or out of date (the web app, the server), then runs the
// built server in this process, so that SIGTERM and SIGINT reach it directly.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './builds.mjs';

if (!process.argv.includes('--help')) ensureBuilt('web');
ensureBuilt('server');
// Stack traces point into the TypeScript sources (dist/main.js.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'server/dist/main.js')).href);
