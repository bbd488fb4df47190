#!/usr/bin/env node
// Fails when a source file grows past what a reader can hold (MAX_LINES), so that a file is split
// by responsibility when it gets there rather than when someone notices: `npm run check` runs
// it. The demo data and the database schema are long lists, not logic, and are left out.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 600;
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const LEFT_OUT = [/\/demo\//, /\/db\/schema(\/|\.ts$)/];

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => SOURCE.test(file) && !LEFT_OUT.some((pattern) => pattern.test(file)));

const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(ROOT, file), 'utf8');
  } catch {
    continue; // deleted in the work tree, still in the index
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_LINES) long.push(`${file}: ${lines} lines`);
}
if (long.length) {
  console.error(
    `Source files over ${MAX_LINES} lines (split them by responsibility, docs/decisions.md):\n${long.join('\n')}`,
  );
  process.exit(1);
}
