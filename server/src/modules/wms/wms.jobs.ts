import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../http/calls';
import type { Task } from '../../jobs/scheduler';
import type { StorageDriver } from '../files/storage';
import { processBookingUpdates } from './wms.bookings';
import type { WmsConnector } from './wms.connector';
import { createHttpConnector } from './wms.http-connector';
import { forgetOldWmsRecords } from './wms.retention';
import { processSendJobs, type SendWorkerOptions } from './wms.sends';
import { createSimulatorConnector } from './wms.simulator';
import { storeDueSimulatedPapers } from './wms.simulator-documents';
import { applyDueSimulatedEvents } from './wms.simulator-events';

/** The connector WMS_CONNECTOR names (config.ts makes sure http has its URL and secret). */
export function createConnector(deps: Deps): WmsConnector {
  const { config } = deps;
  if (config.WMS_CONNECTOR === 'http') {
    return createHttpConnector({
      url: config.WMS_URL!,
      secret: config.WMS_SECRET!,
      timeoutMs: config.WMS_TIMEOUT_MS,
    });
  }
  return createSimulatorConnector({
    db: deps.db,
    acceptMs: config.WMS_SIM_ACCEPT_MS,
    stepMs: config.WMS_SIM_STEP_MS,
    failureShare: config.WMS_SIM_FAILURE_SHARE,
  });
}

export function sendWorkerOptions(deps: Deps, log?: FastifyBaseLogger): SendWorkerOptions {
  const { config } = deps;
  return {
    maxAttempts: config.WMS_MAX_ATTEMPTS,
    retryBaseMs: config.WMS_RETRY_BASE_MS,
    // Longer than any send can take, so a live send is never claimed twice.
    lockMs: config.WMS_TIMEOUT_MS + config.WMS_SIM_ACCEPT_MS + 60_000,
    log,
    countOutcome: deps.metrics.countWarehouseSend,
  };
}

/** The background work of the warehouse link, run by every instance's scheduler. */
export function wmsTasks(
  deps: Deps,
  log: FastifyBaseLogger,
  storage: StorageDriver,
  connector = createConnector(deps),
): Task[] {
  const options = sendWorkerOptions(deps, log);
  const tasks: Task[] = [
    { name: 'wms-send', run: () => processSendJobs(deps.db, connector, options) },
    { name: 'wms-booking', run: () => processBookingUpdates(deps.db, connector, options) },
    {
      name: 'wms-retention',
      run: () => forgetOldWmsRecords(deps.db, deps.config.WMS_RETENTION_DAYS),
      everyMs: 3_600_000,
    },
  ];
  if (connector.name === 'simulator') {
    tasks.push({
      name: 'wms-simulator',
      run: () => applyDueSimulatedEvents(deps.db, log, { slotTimeZone: deps.config.SLOT_TIME_ZONE }),
    });
    tasks.push({ name: 'wms-simulator-papers', run: () => storeDueSimulatedPapers({ deps, storage, log }) });
  }
  return tasks;
}
