// `npm run admin -- <command>`: the administration commands (server/src/admin.ts), built first
// when the server's build is missing or older than its sources, like `npm start`.

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './builds.mjs';

ensureBuilt('server', { quiet: true });
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'server/dist/admin.js')).href);
