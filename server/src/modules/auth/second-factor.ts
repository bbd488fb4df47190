import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Executor } from '../../db/client';
import { companies, recoveryCodes, secondFactorFailures, userCompanies, users } from '../../db/schema';
import { queueSignInAlert } from './sign-in-alerts';

/**
 * The second factor: TOTP of RFC 6238 (any authenticator app), its secret encrypted at rest
 * (AES-256-GCM), and ten one-time recovery codes stored as keyed hashes (HMAC-SHA-256). The two
 * keys are derived from the server's key with HKDF, one per use (docs/decisions.md 'Sign-in').
 */
const ISSUER = 'Partner Extranet';
const RECOVERY_CODES = 10;
/** One step of 30 s either side: a phone's clock a little off still signs in. */
const TOLERANCE_SECONDS = 30;
/** Wrong codes (of the app or recovery codes) in a LOGIN_LOCK_MINUTES window before a pause. */
export const SECOND_FACTOR_FAILURE_LIMIT = 10;

/** A key of its own for one use of the server's key (RFC 5869; `info` names the use). */
function derivedKey(key: Buffer, use: 'secret encryption' | 'recovery codes'): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `partner-extranet ${use} v2`, 32));
}

/**
 * Encrypts a secret (a second factor's, a webhook's) under the key derived for encryption:
 * `v2:` + base64 of iv, tag and data. `v1:` values, encrypted under the server's key itself before
 * the keys were split, are still read.
 */
export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(key, 'secret encryption'), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v2:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
}

export function decryptSecret(key: Buffer, stored: string): string {
  const isLegacy = !stored.startsWith('v2:');
  const raw = Buffer.from(stored.replace(/^v[12]:/, ''), 'base64');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    isLegacy ? key : derivedKey(key, 'secret encryption'),
    raw.subarray(0, 12),
  );
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** Was the value encrypted under the server's key itself (before the keys were split)? */
const isLegacyEncrypted = (stored: string) => !stored.startsWith('v2:');

/** A new secret for a user, with what an authenticator app scans. */
export async function newTotpSecret(username: string) {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: username, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * The time step of a valid code of the secret, or null. A code of step `afterStep` or earlier is
 * refused (RFC 6238 §5.2: each code is accepted once).
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  afterStep?: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep == null ? {} : { afterTimeStep: afterStep }),
    });
    // otplib answers TOTP's result and HOTP's in one type; only TOTP's has a time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A stored step past the window (a clock set back) throws: no code is valid then.
    return null;
  }
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normalizeRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (key: Buffer, code: string) =>
  `v2:${createHmac('sha256', derivedKey(key, 'recovery codes')).update(normalizeRecoveryCode(code)).digest('hex')}`;
/** Codes made before the keys were split: an HMAC under the server's key itself, bare hex. */
const legacyHashRecoveryCode = (key: Buffer, code: string) =>
  createHmac('sha256', key).update(normalizeRecoveryCode(code)).digest('hex');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces a user's recovery codes with ten new ones, answered in clear this once. */
export async function replaceRecoveryCodes(db: Executor, key: Buffer, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(key, code) })));
  return codes;
}

/** Uses up a recovery code of the user; false when it is not one of theirs or was used. */
export async function useRecoveryCode(
  db: Executor,
  key: Buffer,
  userId: number,
  code: string,
): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        inArray(recoveryCodes.codeHash, [hashRecoveryCode(key, code), legacyHashRecoveryCode(key, code)]),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export type SecondFactorOutcome = 'accepted' | 'invalid' | 'locked';

/**
 * Checks the second factor of a user with one: a code of the app (a step not used before), or a
 * recovery code (used up). Wrong ones count per user whatever else is locked; the tenth within
 * `lockMinutes` of the first pauses the second factor for `lockMinutes`, the right code included,
 * and tells the user by mail. The user's row of failures is locked for the check, so parallel
 * guesses are counted one after the other and none slips past the limit.
 */
export async function checkSecondFactor(
  db: Executor,
  options: { key: Buffer; userId: number; code: string; lockMinutes: number; address: string },
): Promise<SecondFactorOutcome> {
  return db.transaction(async (tx) => {
    const [failures] = await tx
      .insert(secondFactorFailures)
      .values({ userId: options.userId })
      .onConflictDoUpdate({
        target: secondFactorFailures.userId,
        set: { failures: sql`${secondFactorFailures.failures}` },
      })
      .returning({ locked: sql<boolean>`coalesce(${secondFactorFailures.lockedUntil} > now(), false)` });
    if (failures!.locked) return 'locked';
    const [user] = await tx
      .select({ totpSecret: users.totpSecret, totpLastStep: users.totpLastStep })
      .from(users)
      .where(eq(users.id, options.userId));
    if (!user?.totpSecret) return 'invalid';
    const secret = decryptSecret(options.key, user.totpSecret);
    const step = await acceptedTotpStep(secret, options.code.trim(), user.totpLastStep);
    if (step !== null) {
      const stamped = await tx
        .update(users)
        .set({
          totpLastStep: step,
          ...(isLegacyEncrypted(user.totpSecret) ? { totpSecret: encryptSecret(options.key, secret) } : {}),
        })
        .where(
          and(eq(users.id, options.userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
        )
        .returning({ id: users.id });
      if (stamped.length > 0) return 'accepted';
    } else if (await useRecoveryCode(tx, options.key, options.userId, options.code)) {
      return 'accepted';
    }
    const windowOver = sql`${secondFactorFailures.windowStartedAt} <= now() - make_interval(mins => ${options.lockMinutes})`;
    const counted = sql`case when ${windowOver} then 1 else ${secondFactorFailures.failures} + 1 end`;
    const [row] = await tx
      .update(secondFactorFailures)
      .set({
        failures: counted,
        windowStartedAt: sql`case when ${windowOver} then now() else ${secondFactorFailures.windowStartedAt} end`,
        lockedUntil: sql`case when ${counted} >= ${SECOND_FACTOR_FAILURE_LIMIT} then now() + make_interval(mins => ${options.lockMinutes}) else null end`,
      })
      .where(eq(secondFactorFailures.userId, options.userId))
      .returning({ failures: secondFactorFailures.failures });
    if (row!.failures === SECOND_FACTOR_FAILURE_LIMIT) {
      await queueSignInAlert(tx, {
        alert: 'second_factor',
        user: { id: options.userId },
        failures: row!.failures,
        address: options.address,
        lockMinutes: options.lockMinutes,
      });
    }
    return 'invalid';
  });
}

/** Does a company of the user require a second factor? */
export async function isSecondFactorRequired(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(and(eq(userCompanies.userId, userId), eq(companies.secondFactorRequired, true)))
    .limit(1);
  return row !== undefined;
}

/** Turns a user's second factor off: secret and recovery codes go. */
export async function removeSecondFactor(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
