/**
 * The top entries of a V8 CPU profile (`--cpu-prof`, e.g. BENCH_CPU_PROF=<dir> npm run bench):
 * self time by function and by where the code comes from (a package of node_modules, the server's
 * own code, Node's internals, garbage collection), in % of the profile's samples.
 *
 *   node bench/src/profile-top.mjs <file.cpuprofile> [how many, default 15] [--last <seconds>]
 *
 * `--last 20`: only the samples of the profile's last 20 seconds (the calls measured, without the
 * server's start and its demo data's load).
 */
import { readFileSync } from 'node:fs';

const lastAt = process.argv.indexOf('--last');
const lastSeconds = lastAt > 0 ? Number(process.argv[lastAt + 1]) : undefined;
const [file, many = '15'] = process.argv
  .slice(2)
  .filter((_, i, all) => all[i] !== '--last' && all[i - 1] !== '--last');
if (!file) {
  console.error('usage: node bench/src/profile-top.mjs <file.cpuprofile> [how many]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const hits = new Map();
const from = lastSeconds === undefined ? -Infinity : profile.endTime - lastSeconds * 1e6;
let at = profile.startTime;
let counted = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i];
  if (at < from) return;
  counted++;
  hits.set(id, (hits.get(id) ?? 0) + 1);
});
const idle = new Set(['(idle)', '(program)']);
let busy = 0;
const byFunction = new Map();
const byOrigin = new Map();

function originOf(url, name) {
  if (name === '(garbage collector)') return 'garbage collection';
  if (!url) return `(native) ${name}`;
  const module = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (module) return module[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  if (url.includes('/server/')) return 'server code';
  return url;
}

for (const [id, count] of hits) {
  const node = byId.get(id);
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  if (idle.has(name)) continue;
  busy += count;
  const where = url
    ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/server\//, 'server/')}:${lineNumber + 1}`
    : '';
  const key = `${name} ${where}`.trim();
  byFunction.set(key, (byFunction.get(key) ?? 0) + count);
  const origin = originOf(url, name);
  byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + count);
}

const top = (map) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(many))
    .map(([key, count]) => `${((count * 100) / busy).toFixed(1).padStart(5)} %  ${key}`)
    .join('\n');
console.log(`${busy} busy samples of ${counted}\n\nself time by origin:\n${top(byOrigin)}`);
console.log(`\nself time by function:\n${top(byFunction)}`);
