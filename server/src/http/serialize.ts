import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Answers written by compiled serialisers instead of zod, row by row (docs/performance.md, "Per
 * call"): a call's response schema is turned into its wire form's JSON Schema (`z.toJSONSchema`,
 * `io: 'input'`: what the codec puts on the wire) and compiled by fast-json-stringify once, at
 * start; the codec's typed values (`Date` → `{ $datetime }`, dates, times, decimals) are wrapped by
 * a small pass compiled from the same schema, which copies only the objects on a codec's path.
 *
 * Only schemas whose every part means the same to both are compiled: objects, arrays, strings,
 * numbers, booleans, enums, literals, nullable and optional parts, records, and the codec's
 * values. Anything else (unions, transforms, defaults, lazy parts) keeps zod's encode, as before.
 * Unlike zod, the compiled writer does not check what the handler returns (a handler's value of
 * the wrong type is written as the schema's type says, not refused with a 500); the handlers build
 * their answers from typed records, and the calls' tests read the answers through the contract.
 */

type Prepare = (value: unknown) => unknown;

interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  valueType?: ZodType;
  keyType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  reverseTransform?: (value: unknown, payload: unknown) => unknown;
}

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

class Unsupported extends Error {}

const SIMPLE = new Set(['string', 'number', 'int', 'boolean', 'enum', 'literal', 'null']);

/**
 * The pass that puts the codec's values in their wire form, or null when the part holds none
 * (its value is written as it is). Throws Unsupported for a part the compiled writer would not
 * write as zod does.
 */
function preparer(schema: ZodType): Prepare | null {
  const def = defOf(schema);
  if (SIMPLE.has(def.type)) return null;
  switch (def.type) {
    case 'nullable':
    case 'optional': {
      const inner = preparer(def.innerType!);
      return inner && ((value) => (value === null || value === undefined ? value : inner(value)));
    }
    case 'array': {
      const item = preparer(def.element!);
      return item && ((value) => (value as unknown[]).map(item));
    }
    case 'union': {
      // Of plain values only (a text or a number): written as the value's own type.
      const options = (def as Def & { options: ZodType[] }).options;
      if (!options.every((option) => SIMPLE.has(defOf(option).type))) throw new Unsupported();
      return null;
    }
    case 'record': {
      if (preparer(def.valueType!) !== null || defOf(def.keyType!).type !== 'string') throw new Unsupported();
      return null;
    }
    case 'object': {
      const fields: Array<[string, Prepare]> = [];
      for (const [key, field] of Object.entries(def.shape!)) {
        const prepare = preparer(field);
        if (prepare) fields.push([key, prepare]);
      }
      if (fields.length === 0) return null;
      return (value) => {
        const copy = { ...(value as Record<string, unknown>) };
        for (const [key, prepare] of fields) if (copy[key] !== undefined) copy[key] = prepare(copy[key]);
        return copy;
      };
    }
    case 'pipe': {
      // The wire codec (contract/src/codec.ts): encode is the reverse transform, onto a plain
      // object of strings.
      const encode = def.reverseTransform;
      if (!encode || preparer(def.in!) !== null) throw new Unsupported();
      return (value) => encode(value, undefined);
    }
    default:
      throw new Unsupported();
  }
}

type JsonSchema = Record<string, unknown>;

/**
 * fast-json-stringify's form of the wire schema: `anyOf: [X, null]` (zod's nullable) as X with
 * `nullable: true`, which fast-json-stringify writes without trying each branch; the checks that
 * only validation reads (patterns, bounds, formats) dropped, and `required` too: fast-json-stringify
 * writes required properties before the others, zod in the schema's order, which is kept.
 */
const DROPPED = new Set([
  '$schema',
  'required',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'propertyNames',
]);

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const schema = node as JsonSchema;
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf.some((branch) => branch.type === 'null')) {
    const other = anyOf.find((branch) => branch.type !== 'null')!;
    return { ...(simplify(other) as JsonSchema), nullable: true };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value as JsonSchema).map(([name, part]) => [name, simplify(part)]),
          )
        : simplify(value);
  }
  return out;
}

/** The compiled writer of a response schema, or undefined when it keeps zod's encode. */
export function compileResponse(schema: ZodType): ((data: unknown) => string) | undefined {
  let prepare: Prepare | null;
  let wire: JsonSchema;
  try {
    prepare = preparer(schema);
    wire = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw', cycles: 'throw' }) as JsonSchema;
  } catch {
    return undefined;
  }
  const write = fastJson(simplify(wire) as Parameters<typeof fastJson>[0]);
  return prepare ? (data) => write(prepare(data)) : write;
}

type SerializerCompiler = typeof zodSerializerCompiler;

/**
 * Fastify's serializer compiler: the compiled writer where the schema allows it, zod's encode
 * (fastify-type-provider-zod) for the rest.
 */
export const serializerCompiler: SerializerCompiler = (route) => {
  const compiled = route.schema instanceof z.ZodType ? compileResponse(route.schema) : undefined;
  return compiled ?? zodSerializerCompiler(route);
};
