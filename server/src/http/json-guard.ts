/**
 * Limits on a parsed JSON body that the schemas cannot express, checked before anything else
 * reads it. The walk is iterative, so a client cannot deepen the server's own stack: a body nested
 * 10,000 levels deep is refused like any other malformed input instead of overflowing it.
 */
export const MAX_JSON_DEPTH = 64;

export type JsonProblem = 'too_deep' | 'nul_character';

/** PostgreSQL text cannot hold NUL. */
const holdsNul = (text: string) => text.includes('\u0000');

export function inspectJson(root: unknown): JsonProblem | undefined {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') {
      if (holdsNul(value)) return 'nul_character';
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return 'too_deep';
    if (Array.isArray(value)) {
      for (const item of value) pending.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (holdsNul(key)) return 'nul_character';
      pending.push({ value: item, depth: depth + 1 });
    }
  }
  return undefined;
}

export const JSON_PROBLEM_REASONS: Record<JsonProblem, string> = {
  too_deep: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
  nul_character: 'NUL character in text',
};
