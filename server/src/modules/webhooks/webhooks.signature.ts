import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`: the X-Webhook-Signature header. */
export function signWebhook(secret: string, timestamp: string, body: string | Buffer): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(body);
  return `sha256=${hmac.digest('hex')}`;
}

/**
 * What a receiver does (docs/webhooks.md): the signature compared in constant time. The server
 * only signs; its tests check with this.
 * @internal
 */
export function isValidWebhookSignature(options: {
  secret: string;
  timestamp: string;
  signature: string;
  body: string | Buffer;
}): boolean {
  const expected = Buffer.from(signWebhook(options.secret, options.timestamp, options.body));
  const given = Buffer.from(options.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
