import { type DestinationStream, type Logger, pino, stdSerializers } from 'pino';
import type { Config } from './config';
import { withoutQueryParams } from './db/errors';

/**
 * The server's one logger (the CLI's start-up steps and Fastify's requests): JSON lines at
 * LOG_LEVEL; a failed query is logged without its parameters.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, stream?: DestinationStream): Logger {
  const options = {
    level: config.LOG_LEVEL,
    serializers: { err: (error: Error) => stdSerializers.err(withoutQueryParams(error)) },
  };
  return stream ? pino(options, stream) : pino(options);
}
