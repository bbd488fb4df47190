import { createHmac, timingSafeEqual } from 'node:crypto';
import { wms } from '@extranet/contract';

/** HMAC-SHA256 over `<timestamp>.<raw body>` with the shared secret, as `sha256=<hex>`. */
export function signWms(secret: string, timestamp: string, body: string | Buffer): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(body);
  return `sha256=${hmac.digest('hex')}`;
}

/** The headers of a signed message, timestamped now. */
export function signedHeaders(secret: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return {
    [wms.WMS_TIMESTAMP_HEADER]: timestamp,
    [wms.WMS_SIGNATURE_HEADER]: signWms(secret, timestamp, body),
  };
}

export type SignatureCheck = 'ok' | 'wms_signature_invalid' | 'wms_timestamp_stale';

/**
 * Checks a message's signature before anything of it is read. The signature is compared in
 * constant time; the timestamp is part of what is signed, so an old message cannot be made
 * fresh, and one outside the window is refused whatever its signature.
 */
export function checkSignature(options: {
  secret: string;
  timestamp?: string | string[];
  signature?: string | string[];
  body: Buffer;
  now?: number;
}): SignatureCheck {
  const { timestamp, signature } = options;
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return 'wms_signature_invalid';
  if (!/^\d{1,12}$/.test(timestamp)) return 'wms_signature_invalid';
  const expected = Buffer.from(signWms(options.secret, timestamp, options.body));
  const given = Buffer.from(signature.trim());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'wms_signature_invalid';
  const skew = Math.abs((options.now ?? Date.now()) / 1000 - Number(timestamp));
  if (skew > wms.WMS_MAX_SKEW_SECONDS) return 'wms_timestamp_stale';
  return 'ok';
}
