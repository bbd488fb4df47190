import { checkPassword, type PasswordContext } from '@extranet/contract';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../http/errors';

// argon2id (the library's default algorithm) with OWASP's recommended minimum cost.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verification, so unknown usernames cannot be told apart by timing. */
export async function verifyDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
}

/**
 * Every place that sets a password goes through here: the contract's password policy, refused as
 * `password_too_soft` with the reason (and zxcvbn's feedback keys) for the form to tell.
 */
export async function assertPasswordAllowed(password: string, context: PasswordContext): Promise<void> {
  const verdict = await checkPassword(password, context);
  if (!verdict.ok) {
    const { ok: _ok, ...details } = verdict;
    throw new AppError('password_too_soft', details);
  }
}
