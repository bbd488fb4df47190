import type { wms } from '@extranet/contract';

/** A warehouse event or request refused; nothing of it was applied. */
export class WmsRefusal extends Error {
  constructor(
    readonly code: wms.WmsFailureCode,
    readonly details?: unknown,
  ) {
    super(code);
  }
}
