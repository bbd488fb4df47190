/**
 * What a new password must be, one rule for the server, which refuses with
 * `password_too_soft` and `details.reason`, and the web, which tells the same reason as the user
 * types. Length, not only whitespace, not the username, and then zxcvbn-ts (common passwords,
 * English words and names, keyboard patterns, sequences, dates, the user's own data) must score
 * it at least PASSWORD_MIN_SCORE. The dictionaries are large, so they are loaded on the first
 * check (a separate chunk in the web bundle), never when this module is imported.
 */

export const PASSWORD_MIN_LENGTH = 10;

/**
 * zxcvbn's 3: "safely unguessable", above 10^8 guesses. With argon2id hashes and login throttling
 * that is out of reach online and costly offline; 4 refuses too many passphrases people remember.
 */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_REASONS = [
  'too_short',
  'only_whitespace',
  'contains_username',
  'too_common',
  'too_guessable',
] as const;
export type PasswordReason = (typeof PASSWORD_REASONS)[number];

/** What the user's own data is: a password made of it is guessable by anyone who knows them. */
export interface PasswordContext {
  username?: string | null;
  fio?: string | null;
  email?: string | null;
}

/** `warning` and `suggestions` are zxcvbn-ts feedback keys, translated by the web. */
export type PasswordVerdict =
  | { ok: true }
  | { ok: false; reason: PasswordReason; warning?: string; suggestions?: string[] };

/** zxcvbn warnings that mean "people really use this one". */
const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon', 'pwned']);

/** The checks that need no dictionary, in the order they are told. */
export function checkPasswordBasics(password: string, context: PasswordContext = {}): PasswordVerdict {
  if (password.length < PASSWORD_MIN_LENGTH) return { ok: false, reason: 'too_short' };
  if (password.trim() === '') return { ok: false, reason: 'only_whitespace' };
  const username = context.username?.trim().toLowerCase();
  if (username && username.length >= 3 && password.toLowerCase().includes(username)) {
    return { ok: false, reason: 'contains_username' };
  }
  return { ok: true };
}

type Estimator = (
  password: string,
  userInputs: string[],
) => {
  score: number;
  warning: string | null;
  suggestions: string[];
};

let estimator: Promise<Estimator> | undefined;

/** Loads zxcvbn-ts with the common and English dictionaries once; later calls share it. */
export function loadPasswordEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, en]) => {
    const zxcvbn = new core.ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
    });
    return (password, userInputs) => {
      const result = zxcvbn.check(password, userInputs);
      return {
        score: result.score,
        warning: result.feedback.warning,
        suggestions: result.feedback.suggestions,
      };
    };
  });
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

/** The words of the user's own data, as zxcvbn takes them. */
function userInputsOf(context: PasswordContext): string[] {
  const words = [context.username, context.fio, context.email, context.email?.split('@')[0]]
    .flatMap((value) => (value ? [value, ...value.split(/[\s._@-]+/)] : []))
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length >= 3);
  return [...new Set(words)];
}

/** The whole rule: the basics, then the strength estimate. */
export async function checkPassword(
  password: string,
  context: PasswordContext = {},
): Promise<PasswordVerdict> {
  const basics = checkPasswordBasics(password, context);
  if (!basics.ok) return basics;
  const estimate = (await loadPasswordEstimator())(password, userInputsOf(context));
  if (estimate.score >= PASSWORD_MIN_SCORE) return { ok: true };
  const feedback = {
    ...(estimate.warning ? { warning: estimate.warning } : {}),
    suggestions: estimate.suggestions,
  };
  const reason = estimate.warning && COMMON_WARNINGS.has(estimate.warning) ? 'too_common' : 'too_guessable';
  return { ok: false, reason, ...feedback };
}
