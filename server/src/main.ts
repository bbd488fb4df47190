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
    const { app, deps } = await buildApp(config, { log });
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      try {
        await app.close();
      } finally {
        forgetAddress();
        unlock();
        process.exit(0);
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
