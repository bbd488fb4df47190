import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Executor } from '../../db/client';
import { companies, recoveryCodes, userCompanies, users } from '../../db/schema';

/**
 * The second factor: TOTP of RFC 6238 (any authenticator app), its secret encrypted at rest with
 * the server's key (AES-256-GCM), and ten one-time recovery codes stored as keyed hashes.
 */
const ISSUER = 'Partner Extranet';
const RECOVERY_CODES = 10;
/** One step of 30 s either side: a phone's clock a little off still signs in. */
const TOLERANCE_SECONDS = 30;

export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
}

export function decryptSecret(key: Buffer, stored: string): string {
  const raw = Buffer.from(stored.replace(/^v1:/, ''), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** A new secret for a user, with what an authenticator app scans. */
export async function newTotpSecret(username: string) {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: username, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

export async function isValidTotp(secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  try {
    return (await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS })).valid;
  } catch {
    return false;
  }
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normalizeRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (key: Buffer, code: string) =>
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
        eq(recoveryCodes.codeHash, hashRecoveryCode(key, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** The second factor of a user with one: a code of the app, or a recovery code (used up). */
export async function checkSecondFactor(
  db: Executor,
  key: Buffer,
  user: { id: number; totpSecret: string | null },
  code: string,
): Promise<boolean> {
  if (!user.totpSecret) return false;
  if (await isValidTotp(decryptSecret(key, user.totpSecret), code.trim())) return true;
  return useRecoveryCode(db, key, user.id, code);
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
  await db.update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
