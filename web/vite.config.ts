import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

const backend = 'http://127.0.0.1:3000';

/**
 * Writes a brotli (.br, best level) and a gzip (.gz) copy beside each built text file, once at
 * build time; the server sends the one the browser accepts (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|ico|txt|map)$/;
  let outDir = 'dist';
  const filesOf = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? filesOf(file) : [file];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesOf(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        const brotli = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
        const gzip = gzipSync(content, { level: 9 });
        if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

/** The signed-in app's frame and its first screen, the dashboard: where their own modules start. */
const FIRST_SCREEN = ['src/app/workplace-app.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'];
const APP_SOURCE = /[\\/]web[\\/]src[\\/]/;

/**
 * Puts the app's own modules the signed-in frame and the dashboard import statically into one
 * chunk, with what they import from packages. Without it the frame's pieces that some other
 * screen also uses (query keys, small components, Mantine's) came as some 30 small chunks. The
 * walk stays within this app's sources: through a package's index module it would reach every
 * component any screen uses.
 */
function firstScreenGroup(): Rolldown.CodeSplittingNameFunction {
  let members: Set<string> | null = null;
  return (moduleId, ctx) => {
    if (!members) {
      const found = new Set<string>();
      const pending = FIRST_SCREEN.map((file) => fileURLToPath(new URL(file, import.meta.url)));
      while (pending.length > 0) {
        const id = pending.pop() as string;
        if (found.has(id)) continue;
        found.add(id);
        for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) {
          if (APP_SOURCE.test(next)) pending.push(next);
        }
      }
      members = found;
    }
    return members.has(moduleId) ? 'workplace' : null;
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': backend,
      '/config.json': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // Everything the entry imports statically (the sign-in page: main.tsx, sign-in-app.tsx) in one
      // chunk. By default rolldown splits off each set of modules the entry shares with a lazy
      // screen, which made the sign-in page 25 requests of its own.
      output: {
        codeSplitting: { groups: [{ name: 'sign-in', tags: ['$initial'] }, { name: firstScreenGroup() }] },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 20_000,
    // Files share their modules within a worker: the DOM, Mantine and the app are loaded once per
    // worker rather than once per file. Each test cleans up its DOM, storage and mocks.
    isolate: false,
    // Both cores of a CI machine (vitest would leave one free).
    maxWorkers: 2,
  },
});
