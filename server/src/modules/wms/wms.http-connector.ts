import { encode, wms } from '@extranet/contract';
import type { SendOutcome, WmsConnector } from './wms.connector';
import { failureOf, type OrderFailure, warehouseFailure } from './wms.failure';
import { signedHeaders } from './wms.signature';

/** 408 and 429 say "not now", not "never": they are retried like 5xx. */
const RETRYABLE_4XX = new Set([408, 425, 429]);

/** The warehouse's own words for a refusal, or the product's when it gave none. */
function failureFrom(status: number, text: string): OrderFailure {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const failure = body.failure as { code?: unknown } | undefined;
    for (const candidate of [body.reason, body.message, body.error, failure?.code]) {
      if (typeof candidate === 'string' && candidate.trim()) return warehouseFailure(candidate);
    }
  } catch {
    // not JSON: the text itself
  }
  return text.trim()
    ? warehouseFailure(text)
    : failureOf('warehouse_http_status', { status: String(status) });
}

/**
 * POSTs the order (or a booking update, `"update": "booking"`) as JSON to WMS_URL, signed with
 * WMS_SECRET, with an idempotency key. 2xx is sent, 4xx failure with the body's reason, 5xx,
 * timeouts and network errors are retried.
 */
export function createHttpConnector(options: {
  url: string;
  secret: string;
  timeoutMs: number;
}): WmsConnector {
  const post = async (body: string, idempotencyKey: string): Promise<SendOutcome> => {
    let response: Response;
    let text: string;
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [wms.WMS_IDEMPOTENCY_HEADER]: idempotencyKey,
          ...signedHeaders(options.secret, body),
        },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error)?.name;
      const message = name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : String(error);
      return { result: 'retry', error: message };
    }
    if (response.ok) {
      let answer: wms.WmsSendAnswer = {};
      try {
        answer = wms.WmsSendAnswer.parse(JSON.parse(text));
      } catch {
        // a 2xx without a readable body still means the order was taken
      }
      return { result: 'accepted', status: answer.status, warehouseCode: answer.warehouse_code };
    }
    if (response.status >= 400 && response.status < 500 && !RETRYABLE_4XX.has(response.status)) {
      return { result: 'refused', failure: failureFrom(response.status, text) };
    }
    return { result: 'retry', error: `HTTP ${response.status}: ${text.slice(0, 200)}` };
  };
  return {
    name: 'http',
    send: (order, { idempotencyKey }) =>
      post(JSON.stringify(encode(wms.WmsOrderMessage, order)), idempotencyKey),
    sendBooking: (update, { idempotencyKey }) =>
      post(JSON.stringify(encode(wms.WmsBookingUpdate, update)), idempotencyKey),
  };
}
