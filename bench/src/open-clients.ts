/**
 * Open clients: what N signed-in tabs cost the server while the warehouse moves orders, each tab
 * showing the bell (get_session every 10 s, SPEC.md §4) and an open order. Three windows of the
 * same length on one server process, its CPU read from /proc/<pid>/stat over each:
 *
 * 1. moves only: orders moved through the API (set_ready, set_draft in turn, `moves` a second),
 *    no clients: the cost of the moves themselves (their system comments, notifications, events);
 * 2. pushed: the same moves, and N clients each holding the live stream (GET /api/events); a client
 *    whose open order moved reads it again (view_order), as the web does on the event;
 * 3. polling: the same moves, and N clients without the stream, each reading its open order every
 *    10 s, as the web falls back to while the stream is down (an order the warehouse works on).
 *
 * A client's cost is its window's CPU less the moves' own, over N; the clients one instance carries
 * below half a core are what is left of 500 ms of CPU a second after the moves, over that cost.
 */
import { cpuMs, signIn, type Target } from './harness';

const SESSION_REFRESH_MS = 10_000;
const POLL_MS = 10_000;
/** Orders the moves go round; each is open in one client. */
const MOVING_ORDERS = 8;
/** Streams opened together; the next ones once these answered. */
const STREAMS_AT_ONCE = 50;

export interface OpenClientsOptions {
  clients: number;
  seconds: number;
  movesPerSecond: number;
}

export interface OpenClientsResult {
  label: string;
  clients: number;
  seconds: number;
  moves: number;
  /** The server's CPU in each window, in percent of one core. */
  idleCpuPercent: number;
  movesCpuPercent: number;
  pushedCpuPercent: number;
  /** Clients on the stream while nothing moves: heartbeats, get_session, the streams' checks. */
  quietCpuPercent: number;
  pollingCpuPercent: number;
  /** Order events the clients' streams received in the pushed window. */
  events: number;
  /** Calls the clients made in each window (get_session, view_order). */
  pushedCalls: number;
  pollingCalls: number;
  failures: { moves: number; pushed: number; polling: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post<T = any>(target: Target, path: string, body: unknown, token: string): Promise<T> {
  const response = await fetch(`${target.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `SessionCode ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { failure?: unknown };
  if (!response.ok || json.failure) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Copies of a demo draft that nothing stops being set ready (dated next week). */
async function movableOrders(target: Target, token: string): Promise<number[]> {
  const drafts = await post<{ items: Array<{ head_id: number; consignee_id: number }> }>(
    target,
    '/orders/purch/list_orders',
    { filters: { progress: 'draft', is_template: false }, count: 100 },
    token,
  );
  const dateProblems = ['no_delivery_date', 'delivery_date_past'];
  for (const row of drafts.items) {
    const source = await post<{ problems: { errors: Array<{ code: string }> } }>(
      target,
      '/orders/purch/view_order',
      { head_id: row.head_id },
      token,
    );
    if (!source.problems.errors.every((error) => dateProblems.includes(error.code))) continue;
    const ids: number[] = [];
    for (let i = 0; i < MOVING_ORDERS; i++) {
      const added = await post<{ head_id: number }>(
        target,
        '/orders/purch/add_order',
        {
          fields: {
            consignee_id: row.consignee_id,
            external_code: `BENCH-${Date.now()}-${i}`,
            template_id: row.head_id,
          },
        },
        token,
      );
      await post(
        target,
        '/orders/purch/edit_order',
        { head_id: added.head_id, fields: { delivery_date: { $date: isoDay(7) } } },
        token,
      );
      ids.push(added.head_id);
    }
    return ids;
  }
  throw new Error('no demo draft to copy');
}

/** Moves the orders round, set_ready and set_draft in turn, until stopped. */
function startMoves(target: Target, token: string, orders: number[], perSecond: number) {
  const ready = new Set<number>();
  let next = 0;
  let moves = 0;
  let failures = 0;
  const timer = setInterval(() => {
    const id = orders[next++ % orders.length]!;
    const call = ready.has(id) ? 'set_draft' : 'set_ready';
    if (ready.has(id)) ready.delete(id);
    else ready.add(id);
    post(target, `/orders/purch/${call}`, { head_id: id }, token).then(
      () => moves++,
      () => failures++,
    );
  }, 1000 / perSecond);
  return {
    counts: () => ({ moves, failures }),
    stop: () => clearInterval(timer),
  };
}

interface Client {
  token: string;
  /** The order open on its screen. */
  orderId: number;
}

interface ClientCounters {
  calls: number;
  events: number;
  failures: number;
}

/** Every client's get_session every 10 s (spread over the 10 s), and more per `extra`. */
async function startClients(
  target: Target,
  clients: Client[],
  counters: ClientCounters,
  mode: 'pushed' | 'polling',
): Promise<() => void> {
  const opening: Array<Promise<void>> = [];
  const timers: NodeJS.Timeout[] = [];
  const controllers: AbortController[] = [];
  const call = (path: string, body: unknown, token: string) =>
    fetch(`${target.url}/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br',
        authorization: `SessionCode ${token}`,
        'x-background-refresh': '1',
      },
      body: JSON.stringify(body),
    }).then(
      async (response) => {
        await response.arrayBuffer();
        counters.calls++;
        if (!response.ok) counters.failures++;
      },
      () => counters.failures++,
    );
  for (const client of clients) {
    const phase = Math.random() * SESSION_REFRESH_MS;
    timers.push(
      setTimeout(() => {
        void call('/auth/get_session', {}, client.token);
        timers.push(setInterval(() => void call('/auth/get_session', {}, client.token), SESSION_REFRESH_MS));
      }, phase),
    );
    const view = () => call('/orders/purch/view_order', { head_id: client.orderId }, client.token);
    if (mode === 'polling') {
      const pollPhase = Math.random() * POLL_MS;
      timers.push(
        setTimeout(() => {
          void view();
          timers.push(setInterval(() => void view(), POLL_MS));
        }, pollPhase),
      );
      continue;
    }
    const controller = new AbortController();
    controllers.push(controller);
    let opened!: () => void;
    opening.push(new Promise<void>((resolve) => (opened = resolve)));
    void (async () => {
      try {
        const response = await fetch(`${target.url}/api/events`, {
          headers: { authorization: `SessionCode ${client.token}`, accept: 'text/event-stream' },
          signal: controller.signal,
        }).finally(opened);
        if (!response.ok || !response.body) {
          counters.failures++;
          return;
        }
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of response.body) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            if (!block.startsWith('event: order')) continue;
            counters.events++;
            const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { id: number };
            if (data.id === client.orderId) void view();
          }
        }
      } catch {
        if (!controller.signal.aborted) counters.failures++;
      }
    })();
    // Tabs open over time, not all in one instant (the listen backlog would refuse the rest).
    if (opening.length % STREAMS_AT_ONCE === 0) await Promise.all(opening.slice(-STREAMS_AT_ONCE));
  }
  await Promise.all(opening);
  return () => {
    for (const timer of timers) clearTimeout(timer);
    for (const controller of controllers) controller.abort();
  };
}

/** The server's CPU over `seconds`, in percent of one core. */
async function cpuPercentOver(target: Target, seconds: number): Promise<number> {
  const before = cpuMs(target.pid);
  await sleep(seconds * 1000);
  return ((cpuMs(target.pid) - before) / (seconds * 1000)) * 100;
}

export async function runOpenClients(
  label: string,
  target: Target,
  options: OpenClientsOptions,
): Promise<OpenClientsResult> {
  const log = (text: string) => console.error(`open clients, ${label}: ${text}`);
  const mover = await signIn(target, 'operator', 'operator-demo-1');
  const orders = await movableOrders(target, mover);
  log(`signing in ${options.clients} sessions`);
  const clients: Client[] = [];
  for (let i = 0; i < options.clients; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, options.clients - i) }, () =>
        signIn(target, 'operator', 'operator-demo-1'),
      ),
    );
    for (const token of batch) clients.push({ token, orderId: orders[clients.length % orders.length]! });
  }
  // Each moving order is open in one client; the others show one that stays put.
  const still = orders[0]!;
  for (const [index, client] of clients.entries()) if (index >= orders.length) client.orderId = still;
  const moving = orders.slice(1);

  log("window 0: nothing (the server's own background work)");
  const idleCpuPercent = await cpuPercentOver(target, options.seconds);
  let moves = startMoves(target, mover, moving, options.movesPerSecond);
  try {
    await sleep(2_000);
    log('window 1: moves only');
    const movesCpuPercent = await cpuPercentOver(target, options.seconds);

    const pushed: ClientCounters = { calls: 0, events: 0, failures: 0 };
    let stop = await startClients(target, clients, pushed, 'pushed');
    // Every client's first get_session falls within the first 10 s.
    await sleep(SESSION_REFRESH_MS);
    log(`window 2: ${options.clients} clients on the live stream`);
    const callsBefore = pushed.calls;
    const eventsBefore = pushed.events;
    const pushedCpuPercent = await cpuPercentOver(target, options.seconds);
    const pushedCalls = pushed.calls - callsBefore;
    const events = pushed.events - eventsBefore;

    log(`window 3: ${options.clients} clients on the live stream, no moves`);
    moves.stop();
    const counted = moves.counts();
    await sleep(2_000);
    const quietCpuPercent = await cpuPercentOver(target, options.seconds);
    stop();

    const polling: ClientCounters = { calls: 0, events: 0, failures: 0 };
    moves = startMoves(target, mover, moving, options.movesPerSecond);
    stop = await startClients(target, clients, polling, 'polling');
    await sleep(SESSION_REFRESH_MS);
    log(`window 4: ${options.clients} clients polling`);
    const pollBefore = polling.calls;
    const pollingCpuPercent = await cpuPercentOver(target, options.seconds);
    const pollingCalls = polling.calls - pollBefore;
    stop();
    return {
      label,
      clients: options.clients,
      seconds: options.seconds,
      moves: counted.moves,
      idleCpuPercent,
      movesCpuPercent,
      pushedCpuPercent,
      quietCpuPercent,
      pollingCpuPercent,
      events,
      pushedCalls,
      pollingCalls,
      failures: {
        moves: counted.failures + moves.counts().failures,
        pushed: pushed.failures,
        polling: polling.failures,
      },
    };
  } finally {
    moves.stop();
  }
}

/**
 * Clients one instance carries below half a core, beside the moves' own CPU: 500 ms of CPU a second
 * less the moves', over one client's (each in ms of CPU a second).
 */
function capacity(movesMs: number, perClientMs: number): string {
  return perClientMs > 0 ? Math.floor((500 - movesMs) / perClientMs).toLocaleString('en') : '∞';
}

export function printOpenClients(
  results: OpenClientsResult[],
  options: OpenClientsOptions & { visible: number },
): void {
  if (results.length === 0) return;
  const lines = [
    `\n### Open clients: the bell (get_session every 10 s) and an open order; ${options.clients} clients, ` +
      `${options.movesPerSecond} order moves a second, windows of ${options.seconds} s\n`,
    'Server CPU in % of one core in each window: nothing, moves only, clients on the live stream with the moves, ' +
      'the same without moves, clients polling with the moves. Per client: ms of CPU a second, beside the moves. ' +
      `Every client sees every move here (one company); "at ${options.visible}/s" is a client seeing that many moves a second.\n`,
    '| server | idle | moves | pushed | pushed, no moves | polling | ms/s a client: pushed, no moves | ms a pushed event | ms/s a client: polling | clients ≤ 50 %: pushed, as here | pushed, at ' +
      `${options.visible}/s | polling | events pushed/s | client calls/s: pushed | polling | failed: moves, pushed, polling |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    const ms = (percent: number) => percent * 10;
    const movesMs = ms(r.movesCpuPercent);
    const quietPerClient = (ms(r.quietCpuPercent) - ms(r.idleCpuPercent)) / r.clients;
    const eventsPerSecond = r.events / r.seconds;
    const perEvent =
      eventsPerSecond > 0
        ? (ms(r.pushedCpuPercent) - movesMs - (ms(r.quietCpuPercent) - ms(r.idleCpuPercent))) /
          eventsPerSecond
        : 0;
    const pushedPerClient = (ms(r.pushedCpuPercent) - movesMs) / r.clients;
    const pollingPerClient = (ms(r.pollingCpuPercent) - movesMs) / r.clients;
    lines.push(
      `| ${r.label} | ${r.idleCpuPercent.toFixed(1)} | ${r.movesCpuPercent.toFixed(1)} | ${r.pushedCpuPercent.toFixed(1)} | ` +
        `${r.quietCpuPercent.toFixed(1)} | ${r.pollingCpuPercent.toFixed(1)} | ${quietPerClient.toFixed(4)} | ` +
        `${perEvent.toFixed(4)} | ${pollingPerClient.toFixed(4)} | ${capacity(movesMs, pushedPerClient)} | ` +
        `${capacity(movesMs, quietPerClient + options.visible * Math.max(perEvent, 0))} | ${capacity(movesMs, pollingPerClient)} | ` +
        `${eventsPerSecond.toFixed(0)} | ${(r.pushedCalls / r.seconds).toFixed(0)} | ${(r.pollingCalls / r.seconds).toFixed(0)} | ` +
        `${r.failures.moves}, ${r.failures.pushed}, ${r.failures.polling} |`,
    );
  }
  console.log(lines.join('\n'));
}
