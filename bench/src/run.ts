/**
 * `npm run bench` (from the root): the server (built: `npm run build`) and a bare Fastify route
 * each in a process of its own, driven by autocannon from this one; see bench/README.md.
 * `--large` measures the large data set instead (large.ts), `--web` what a browser downloads
 * (web-weight.ts). It measures; it asserts nothing.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runDemo } from './demo';
import { type Options, readOptions } from './harness';

const options = readOptions(process.argv.slice(2));
if (!existsSync(fileURLToPath(new URL('../../server/dist/main.js', import.meta.url)))) {
  console.error('server/dist/main.js is missing: run npm run build first');
  process.exit(1);
}
if (process.argv.includes('--web')) {
  const { runWebWeight } = await import('./web-weight');
  await runWebWeight();
} else if (options.large) {
  const large = new URL('./large.ts', import.meta.url);
  const { runLarge } = (await import(large.href)) as { runLarge: (options: Options) => Promise<unknown> };
  await runLarge(options);
} else {
  await runDemo(options);
}
