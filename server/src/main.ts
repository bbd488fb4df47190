import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { hasUsers, loadDemoIfEmpty } from './demo/load';
import { DataDirLockedError, lockDataDir } from './lock';
import { createLogger } from './log';
import { writeServerAddress } from './server-address';

const HELP = `Partner extranet server

Usage: npm start -- [options]

Options:
  --port <n>        port to listen on (default: PORT or 3000)
  --data-dir <dir>  data directory (default: DATA_DIR or ./data)
  --no-demo         do not load demo data into a fresh database
  --help            show this help

Configuration comes from the environment; README.md lists every variable.`;

/** After SHUTDOWN_GRACE_MS, what the close (of the database above all) may still take. */
const FORCED_CLOSE_MS = 10_000;

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      demo: { type: 'boolean', default: true },
      'no-demo': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const env = { ...process.env };
  if (values.port !== undefined) env.PORT = values.port;
  if (values['data-dir'] !== undefined) env.DATA_DIR = values['data-dir'];
  const config = loadConfig(env, { demo: !values['no-demo'] });
  const log = createLogger(config);

  log.info({ dataDir: config.DATA_DIR }, 'starting');
  const unlock = config.dbDir ? lockDataDir(config.DATA_DIR, config.dbDir) : () => {};
  let closing = false;
  let forgetAddress = () => {};
  try {
    const { app, deps, lifecycle } = await buildApp(config, { log });
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info(
        { signal, graceMs: config.SHUTDOWN_GRACE_MS },
        'shutting down: finishing the running calls',
      );
      let code = 0;
      try {
        // Readiness answers 503 from here; live streams end with a retry hint; jobs stop claiming.
        if (!(await lifecycle.drain(config.SHUTDOWN_GRACE_MS))) {
          app.log.warn(
            { graceMs: config.SHUTDOWN_GRACE_MS },
            'calls or job steps were still running at the end of SHUTDOWN_GRACE_MS: their connections are closed',
          );
          app.server.closeAllConnections();
          // The database's close waits for its queries: past a further while, the process goes as killed.
          setTimeout(() => {
            console.error('the shutdown did not finish: exiting');
            process.exit(1);
          }, FORCED_CLOSE_MS).unref();
        }
        await app.close();
        app.log.info('stopped');
      } catch (error) {
        app.log.error({ err: error }, 'the shutdown failed');
        code = 1;
      } finally {
        forgetAddress();
        unlock();
        process.exit(code);
      }
    };
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    process.on('SIGINT', () => void shutdown('SIGINT'));

    if (config.demo) {
      log.info('loading the demo data if the database is empty');
      await loadDemoIfEmpty(deps.db, app.log);
    }
    if (!(await hasUsers(deps.db))) {
      log.warn(
        'No user exists yet: create the first administrator with npm run admin -- create-user --username NAME --role 99',
      );
    }
    await app.listen({ host: config.HOST, port: config.PORT });
    const bound = app.server.address();
    const port = typeof bound === 'object' && bound ? bound.port : config.PORT;
    forgetAddress = writeServerAddress(config.DATA_DIR, { host: config.HOST, port });
  } catch (error) {
    forgetAddress();
    unlock();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else if (error instanceof Error && error.message.startsWith('Unknown option')) {
    console.error(`${error.message}\n\n${HELP}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
