import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * nginx with docs/deploy/nginx.conf in front of a running server, as the current user: the
 * configuration's ports, certificate and file paths replaced by a temporary directory's, nothing
 * else, so that what the proxy spec passes through is what the documented file does. nginx
 * missing is a failure, not a skip: `apt-get install nginx` (.ci/run does).
 */

const CONFIG = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'docs',
  'deploy',
  'nginx.conf',
);

export interface Nginx {
  /** https://127.0.0.1:<port>, HTTP/2 with a certificate made for the run. */
  url: string;
  /** What nginx logged (its error log). */
  log(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Each replacement must find its text once: a changed configuration fails here, not later. */
function substitute(text: string, replacements: Array<[string | RegExp, string]>): string {
  let result = text;
  for (const [from, to] of replacements) {
    const count =
      typeof from === 'string' ? result.split(from).length - 1 : (result.match(from) ?? []).length;
    if (count !== 1)
      throw new Error(`docs/deploy/nginx.conf: expected "${from}" once, found it ${count} times`);
    result = result.replace(from, to);
  }
  return result;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startNginx(options: { serverPort: number }): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'extranet-nginx-'));
  // nginx's workers (nobody, when the master runs as root) reach their temporary directories here.
  chmodSync(dir, 0o755);
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const certificate = path.join(dir, 'proxy.pem');
  const key = path.join(dir, 'proxy.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  const errorLog = path.join(dir, 'error.log');
  const temp = (name: string) => path.join(dir, name);
  const config = substitute(readFileSync(CONFIG, 'utf8'), [
    ['user www-data;\n', ''],
    ['pid /run/nginx.pid;', `pid ${temp('nginx.pid')};`],
    [/error_log \/var\/log\/nginx\/error\.log \w+;/, `error_log ${errorLog} info;`],
    ['access_log /var/log/nginx/access.log;', `access_log ${temp('access.log')};`],
    [
      'http {\n',
      `http {\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
        .map((kind) => `    ${kind}_temp_path ${temp(`${kind}_temp`)};\n`)
        .join('')}`,
    ],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${options.serverPort};`],
    ['listen 80;', `listen 127.0.0.1:${httpPort};`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`],
    ['ssl_certificate /etc/ssl/certs/extranet.pem;', `ssl_certificate ${certificate};`],
    ['ssl_certificate_key /etc/ssl/private/extranet.key;', `ssl_certificate_key ${key};`],
  ]);
  const configFile = path.join(dir, 'nginx.conf');
  writeFileSync(configFile, config);
  writeFileSync(errorLog, '');

  const child: ChildProcess = spawn(
    'nginx',
    ['-p', `${dir}/`, '-e', errorLog, '-c', configFile, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const log = () => `${stderr}${readFileSync(errorLog, 'utf8')}`;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error('nginx is not installed: apt-get install nginx (the proxy spec needs it)')
          : error,
      ),
    );
    child.once('exit', (code) => reject(new Error(`nginx exited (${code}):\n${log()}`)));
  });
  const listening = (async () => {
    const deadline = Date.now() + 15_000;
    while (!(await accepts(httpsPort))) {
      if (Date.now() > deadline) throw new Error(`nginx did not listen within 15 s:\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    await Promise.race([listening, failed]);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  failed.catch(() => {
    // Reported by the spec's own failures once it runs.
  });

  return {
    url: `https://127.0.0.1:${httpsPort}`,
    log,
    async stop() {
      // SIGQUIT: a graceful stop, open streams closed.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
