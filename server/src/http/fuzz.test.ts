import * as contract from '@extranet/contract';
import { type CallDef, wms } from '@extranet/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signWms } from '../modules/wms/wms.signature';
import { createTestApp, loginAs, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { createOrderWorld, insertOrder } from '../test/orders.factories';
import { craftedXlsx } from '../test/spreadsheets';

/**
 * Every call of the contract, fed bodies shaped like its request but with hostile values in every
 * place (wrong types, deep nesting, huge and out-of-range numbers and dates, NUL, bidi controls,
 * long text), must answer below 500: whatever the client sends is either taken or refused.
 * FUZZ_RUNS sets the bodies per call (20 by default, so that CI stays quick).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const WMS_SECRET = 'a-fuzzing-secret-of-some-length';
const ALL = ['umgr', 'cmgr', 'stck', 'pord', 'sord', 'reps'] as const;

function isCall(value: unknown): value is CallDef {
  return typeof value === 'object' && value !== null && 'path' in value && 'request' in value;
}

/** The contract's calls, from its namespaces (`auth.login`, `orders.purch.listOrders` ...). */
function collectCalls(value: unknown, found = new Map<string, CallDef>(), depth = 0): Map<string, CallDef> {
  if (isCall(value)) return found.set(value.path, value);
  if (typeof value !== 'object' || value === null || depth > 3) return found;
  for (const item of Object.values(value)) collectCalls(item, found, depth + 1);
  return found;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  'a',
  '1',
  'x'.repeat(10_001),
  'a\u0000b',
  '\u0000',
  'invoice\u202Eexe.txt',
  '\u2066\u2069\u200F',
  '\uD800',
  '😀'.repeat(100),
  '0000-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-11-21T09:30:00Z',
  '0000-01-01T00:00:00Z',
  '24:00',
  '-1',
  '1e308',
  'NaN',
  '999999999999999.999999',
  '-999999999999999.999999',
  '0.0000001',
  "'; drop table users; --",
  '%_\\',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
];

const HOSTILE_NUMBERS = [
  0,
  -1,
  1,
  2,
  3,
  0.5,
  -0.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);
const hostileNumber = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);
const hostileTagged = fc.oneof(
  ...['$date', '$datetime', '$time', '$decimal'].map((tag) => fc.record({ [tag]: hostileString })),
  fc.record({ $decimal: hostileNumber }),
);
/** Stands for an array nested this deep, written into the body's text when it is sent. */
const DEEP = '\u0001deep:';
const deep = (depth: number) => `${DEEP}${depth}`;
const toPayload = (body: unknown) =>
  (JSON.stringify(body) ?? '').replace(/"\\u0001deep:(\d+)"/g, (_match, depth: string) => {
    const n = Number(depth);
    return `${'['.repeat(n)}1${']'.repeat(n)}`;
  });
/** A value of any type: what a client sends where it should have sent something else. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  hostileTagged,
  fc.constant(deep(100)),
  fc.constant(deep(5_000)),
  fc.anything({ maxDepth: 3, maxKeys: 4, withNullPrototype: false }),
);

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/**
 * Bodies shaped like a schema's wire input: the right keys and tags, with hostile values in them,
 * and now and then a value of a wrong type anywhere.
 */
function shaped(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return wrongValue;
  const right = rightShaped(schema, depth);
  return fc.oneof({ weight: 6, arbitrary: right }, { weight: 1, arbitrary: wrongValue });
}

function rightShaped(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: z.ZodType | undefined) => (s ? shaped(s, depth + 1) : wrongValue);
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, value]) => [
          key,
          fc.oneof({ weight: 5, arbitrary: inner(value) }, { weight: 1, arbitrary: fc.constant(undefined) }),
        ]),
      );
      return fc.record(shape);
    }
    case 'array':
      return fc.array(inner(def.element), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map(inner));
    case 'record':
      return fc.dictionary(hostileString, inner(def.valueType), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map(inner));
    case 'intersection':
      return inner(def.left);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'nullable':
      return fc.oneof(fc.constant(null), inner(def.innerType));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      return def.getter ? inner(def.getter()) : wrongValue;
    case 'string':
      return hostileString;
    case 'number':
    case 'bigint':
      return hostileNumber;
    case 'boolean':
      return fc.boolean();
    default:
      return wrongValue;
  }
}

let app: TestApp;
let token: string;

/** A session of role 99 with every permission; a new one when a fuzzed call ended the last. */
async function freshSession(): Promise<string> {
  const admin = await createUser(app.deps.db, { roleId: 99, permissions: [...ALL] });
  return loginAs(app, admin);
}

beforeAll(async () => {
  app = await createTestApp({ WMS_SECRET });
  // Records with small ids, so fuzzed ids meet real rows of every kind now and then.
  const world = await createOrderWorld(app.deps.db, { permissions: [...ALL] });
  for (const kind of ['purch', 'sales'] as const) {
    await insertOrder(app.deps.db, kind, { consigneeId: world.consignee.id, progress: 'draft' });
  }
  token = await freshSession();
});

const calls = [...collectCalls(contract).values()].sort((a, b) => a.path.localeCompare(b.path));

describe('every call of the contract, fuzzed', () => {
  it('finds the calls of every domain', () => {
    const domains = new Set(calls.map((call) => call.path.split('/')[1]));
    expect([...domains].sort()).toEqual(
      expect.arrayContaining([
        'auth',
        'catalogs',
        'discussions',
        'notifications',
        'orders',
        'reports',
        'sku',
        'stock',
      ]),
    );
    expect(calls.length).toBeGreaterThan(60);
  });

  it.each(calls.map((call) => [call.path, call] as const))('%s never answers 5xx', async (_path, call) => {
    await fc.assert(
      fc.asyncProperty(shaped(call.request), async (body) => {
        const send = () =>
          app.app.inject({
            method: 'POST',
            url: `/api${call.path}`,
            headers: { 'content-type': 'application/json', authorization: `SessionCode ${token}` },
            payload: toPayload(body),
          });
        const response = await send();
        if (response.statusCode === 401 && call.access !== 'public') token = await freshSession();
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers 5xx to a signed warehouse event shaped like one', async () => {
    await fc.assert(
      fc.asyncProperty(shaped(wms.WmsEvent), async (body) => {
        const raw = toPayload(body);
        const timestamp = String(Math.floor(Date.now() / 1000));
        const response = await app.app.inject({
          method: 'POST',
          url: '/api/wms/events',
          headers: {
            'content-type': 'application/json',
            [wms.WMS_TIMESTAMP_HEADER]: timestamp,
            [wms.WMS_SIGNATURE_HEADER]: signWms(WMS_SECRET, timestamp, raw),
          },
          payload: raw,
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns: RUNS * 5 },
    );
  });

  it('never answers 5xx, nor slower than 5 s, to a crafted spreadsheet', async () => {
    const text = (value: string) => `<c t="inlineStr"><is><t>${value}</t></is></c>`;
    const header = `<row>${contract.orders.IMPORT_COLUMNS.purch.map(text).join('')}</row>`;
    // Pieces of a sheet that cost a reader: many short rows, long texts, wide rows, cells far to
    // the right, shared strings that are not there, broken or deep XML, empty rows, dates.
    const body = fc.oneof(
      fc.constantFrom(
        `<row>${text('X')}</row>`,
        '<row/>',
        '<row><c><v>1</v></c></row>',
        `<row>${'<c><v>1</v></c>'.repeat(500)}</row>`,
        '<row><c r="XFD1048576"><v>1</v></c></row>',
        '<row><c t="s"><v>99999999</v></c></row>',
        '<row><c t="d"><v>not a date</v></c></row>',
        '<row><c s="999"><v>1e308</v></c></row>',
        '<row><c><v>',
        '<x>'.repeat(50),
        `<row>${text('a'.repeat(5000))}</row>`,
        'a'.repeat(1000),
      ),
      fc.string({ maxLength: 200 }).map((value) => `<row>${text(value)}</row>`),
    );
    const times = fc.constantFrom(1, 1000, 20_000, 300_000, 3_000_000);
    const upload = async (kind: 'purch' | 'sales', name: string, data: Buffer) => {
      const boundary = 'crafted-sheet';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="dry_run"\r\n\r\ntrue\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const started = performance.now();
      const response = await app.app.inject({
        method: 'POST',
        url: `/api${contract.orders.importPath(kind)}`,
        payload,
        headers: {
          authorization: `SessionCode ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
      if (response.statusCode === 401) token = await freshSession();
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(performance.now() - started, `${name}: ${response.body}`).toBeLessThan(5000);
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('purch' as const, 'sales' as const),
        fc.boolean(),
        body,
        times,
        fc.nat(),
        async (kind, withHeader, row, count, cut) => {
          // At most about 150 MB unzipped: crafting more only costs the test its time.
          const times = Math.max(1, Math.min(count, Math.floor(150_000_000 / row.length)));
          const file = await craftedXlsx({ header: withHeader ? header : '', body: row, times });
          await upload(kind, 'orders.xlsx', file);
          // The same package cut short somewhere.
          await upload(kind, 'orders.xlsx', file.subarray(0, cut % file.length));
        },
      ),
      { numRuns: RUNS },
    );
    // CSV of the same spirit: many full rows, a huge record, very wide rows, an open quote.
    const columns = contract.orders.IMPORT_COLUMNS.purch;
    for (const csv of [
      `${columns.join(';')}\n${`${columns.map(() => 'X').join(';')}\n`.repeat(300_000)}`,
      `a;b\n${'x'.repeat(5_000_000)}`,
      `a;b\n${`${'1;'.repeat(5000)}\n`.repeat(500)}`,
      `a;b\n"${'x'.repeat(100_000)}`,
    ]) {
      await upload('purch', 'orders.csv', Buffer.from(csv));
    }
  }, 600_000);
});
