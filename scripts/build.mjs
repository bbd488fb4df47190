// `npm run build`: builds the web app and the server. `node scripts/build.mjs --if-stale` builds
// only those whose build is missing or older than its sources (the test commands start with it,
// so that a run after a build does not build again); `--check` builds nothing and exits 1 unless
// every build is current. A part's name builds (or checks) that part alone.
import { build, ensureBuilt, isCurrent, PART_NAMES } from './builds.mjs';

const MODES = ['--if-stale', '--check'];
const args = process.argv.slice(2);
const parts = args.filter((arg) => PART_NAMES.includes(arg));
const unknown = args.filter((arg) => !MODES.includes(arg) && !PART_NAMES.includes(arg));
if (unknown.length) {
  console.error(
    `Unknown argument ${unknown[0]}: node scripts/build.mjs [${MODES.join('|')}] [${PART_NAMES.join('|')}]…`,
  );
  process.exit(2);
}
for (const part of parts.length ? parts : PART_NAMES) {
  if (args.includes('--check')) {
    if (!isCurrent(part)) process.exit(1);
  } else if (args.includes('--if-stale')) ensureBuilt(part);
  else build(part);
}
