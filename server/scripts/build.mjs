// Builds the server for production: src/main.ts (and src/admin.ts) with the contract it shares
// with the web app, bundled into dist/main.js (dist/admin.js) (packages of node_modules stay imports), with the migrations beside it.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(serverDir, 'dist');

/** Workspace packages are TypeScript sources: bundle them; every other package stays an import. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@extranet/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  // The server, and the administration commands an operator runs beside it (npm run admin).
  entryPoints: { main: path.join(serverDir, 'src/main.ts'), admin: path.join(serverDir, 'src/admin.ts') },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
// db/client.ts finds its migrations beside itself; in the bundle, beside main.js.
cpSync(path.join(serverDir, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
// The embedded database's thread (db/embedded.ts starts it from beside itself): plain JavaScript.
cpSync(path.join(serverDir, 'src/db/pglite-worker.mjs'), path.join(dist, 'pglite-worker.mjs'));
