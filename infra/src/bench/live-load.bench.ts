// Load test of a live class (`npm run bench -- live-load`; not in a full run, it saturates the machine). The portal
// with its own Janus and its own Redis, nginx in front of the live paths (HLS and the gateway's WebSocket, with the
// generated config's proxy settings), the educator live from the Go live page in Chromium; then, all at once, from
// this process: BENCH_LIVE_LOAD_RECEIVERS (100) werift WebRTC receivers of the educator's Janus feed,
// BENCH_LIVE_LOAD_POLLERS (300) HLS pollers through nginx (playlist every second, each new segment; rungs mixed as
// phones would pick them) and BENCH_LIVE_LOAD_CHATTERS (500) chat clients through nginx, each sending about one
// message a minute, with a burst (a fifth of the class answering at once) half-way. For BENCH_LIVE_LOAD_SECONDS (90):
// CPU per component from /proc, failures, latencies, the load average. Writes the "Load test" section of
// bench/results/live.md (other sections kept) and live-load.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_CLASSMATES } from '@academy/sandbox/demo-classmates';
import { signInOverHttp, type SpaClient } from '@academy/sandbox/scripted-sign-in';
import { demoPassword } from '../launcher/start-portal.js';
import { findFreePort } from '../local/process-utils.js';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../testing/browser/index.js';
import type { TestPortal } from '../testing/index.js';
import { startOwnRedis } from './load/own-redis.js';
import { cpuUsedBetween, pidsMatching, sampleCpu, type CpuGroup } from './load/process-cpu.js';
import { api, goLive, until } from './live/live-class-setup.js';
import { roomPublisher } from './live/janus-subscriber.js';
import { chatClient, pollHls, webrtcReceiver, type ChatClient, type ChatStats, type PollerStats, type Receiver } from './live/load-clients.js';
import { writeLiveResults } from './live/live-results.js';
import { markdownTable, median, percentile, progress, runStamp, startBenchPortal } from './results.js';
import { repoRoot } from '../paths.js';

const BENCH = 'live-load';
const RECEIVERS = Number(process.env.BENCH_LIVE_LOAD_RECEIVERS ?? 100);
const POLLERS = Number(process.env.BENCH_LIVE_LOAD_POLLERS ?? 300);
const CHATTERS = Number(process.env.BENCH_LIVE_LOAD_CHATTERS ?? 500);
const SECONDS = Number(process.env.BENCH_LIVE_LOAD_SECONDS ?? 90);
/** Which rung each poller plays, as a class of phones would spread (most on 360p, some on data saving). */
const RUNG_SHARE: [string, number][] = [['360p', 0.5], ['180p', 0.2], ['720p', 0.15], ['audio', 0.15]];
/** Clients that time the messages they receive (every client receives every message). */
const LISTENERS = 20;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const load = (): string => os.loadavg().map((value) => value.toFixed(2)).join(', ');

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** nginx in front of the two live paths, with the generated config's settings for them (infra/nginx/nginx.conf). */
async function startNginx(ports: { catalogue: number; progressGateway: number }): Promise<{ url: string; pid: number; dir: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'academy-live-load-'));
  const port = await findFreePort();
  const temp = (name: string) => path.join(dir, name);
  mkdirSync(temp('proxy'));
  writeFileSync(
    temp('nginx.conf'),
    `worker_processes auto;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('client-body')}; proxy_temp_path ${temp('proxy')}; fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')}; scgi_temp_path ${temp('scgi')};
  upstream catalogue { server 127.0.0.1:${ports.catalogue}; keepalive 16; }
  upstream progress-gateway { server 127.0.0.1:${ports.progressGateway}; }
  server {
    listen 127.0.0.1:${port};
    location ^~ /api/live-classes/ { proxy_pass http://catalogue; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $host; }
    location ^~ /api/live-gateway/ {
      proxy_pass http://progress-gateway; proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade; proxy_set_header Connection "upgrade"; proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for; proxy_read_timeout 3600s; proxy_send_timeout 3600s;
    }
  }
}
`,
  );
  const globals = [`pid ${temp('nginx.pid')};`, `error_log ${temp('error.log')} warn;`, 'daemon off;', ...(process.getuid?.() === 0 ? ['user root;'] : [])];
  const nginx = spawn('nginx', ['-p', dir, '-c', temp('nginx.conf'), '-g', globals.join(' ')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await until('nginx answering', 20_000, async () => (await fetch(`${url}/api/live-classes/none`).catch(() => null))?.status);
  return { url, pid: nginx.pid!, dir, stop: async () => (nginx.kill('SIGTERM'), exited) };
}

async function signInAs(portalUrl: string, sandboxUrl: string, email: string): Promise<string> {
  const config = (await (await fetch(`${portalUrl}/runtime-config.json`)).json()) as { auth0: { clientId: string; audience: string } };
  const client: SpaClient = { clientId: config.auth0.clientId, audience: config.auth0.audience, redirectUri: portalUrl };
  return (await signInOverHttp(`${sandboxUrl}/`, client, 'login', { email, password: demoPassword })).access_token;
}

/** Runs `make` for each index, `parallel` at a time; failures are counted, not thrown. */
async function inBatches<T>(count: number, parallel: number, make: (index: number) => Promise<T>): Promise<{ made: T[]; errors: string[] }> {
  const made: T[] = [];
  const errors: string[] = [];
  for (let start = 0; start < count; start += parallel) {
    const results = await Promise.allSettled(Array.from({ length: Math.min(parallel, count - start) }, (_, offset) => make(start + offset)));
    for (const result of results) if (result.status === 'fulfilled') made.push(result.value);
    else errors.push((result.reason as Error).message);
  }
  return { made, errors };
}

const stats = (values: number[]) => `${Math.round(median(values))} / ${Math.round(percentile(values, 95))} ms`;

interface Stack {
  portal: TestPortal;
  redis: Awaited<ReturnType<typeof startOwnRedis>>;
  nginx: Awaited<ReturnType<typeof startNginx>>;
  janusUrl: string;
  janusFolder: string;
}

interface Clients {
  tokens: string[];
  receivers: Receiver[];
  webrtcErrors: string[];
  webrtcConnectSeconds: number;
  chatters: ChatClient[];
  chatErrors: string[];
  chatStats: ChatStats;
  pollers: string[];
  pollerStats: PollerStats;
  polling: Promise<void>[];
}

/** Signs in the demo learners, goes live, and connects every client (receivers, chat, then the HLS pollers). */
async function connectClients(stack: Stack, browser: Browser, db: pg.Client, stopPolling: AbortSignal, clients: Partial<Clients>): Promise<Clients> {
  const { portal, nginx, janusUrl } = stack;
  const tokens: string[] = [];
  for (const email of ['aarav@demo.academy', 'diya@demo.academy', ...DEMO_CLASSMATES.map((classmate) => classmate.email)]) {
    const token = await signInAs(portal.portalUrl, portal.sandboxUrl, email).catch(() => null);
    if (token) tokens.push(token);
  }
  progress(BENCH, `${tokens.length} demo learners signed in; the educator goes live`);
  const { classId } = await goLive(browser, portal.portalUrl, tokens);
  const room = Number((await db.query<{ room: string }>(`SELECT "janus_room" AS "room" FROM "catalogue"."live_classes" WHERE "id" = $1`, [classId])).rows[0]!.room);
  const feed = await until('the educator publishing in Janus', 20_000, () => roomPublisher(janusUrl, room));
  // The packager's master playlist, signed for each learner, through nginx.
  const masters = await Promise.all(
    tokens.map(async (token) => {
      const { url } = (await api<{ url: string }>(portal.portalUrl, token, `/api/live-classes/${classId}/playback`)).body;
      return until('the master playlist', 300_000, async () => {
        const answer = await fetch(`${nginx.url}${url}`);
        return answer.ok ? { url: `${nginx.url}${url}`, text: await answer.text() } : null;
      });
    }),
  );

  progress(BENCH, `connecting ${RECEIVERS} werift receivers to Janus (${load()})`);
  const connectStarted = performance.now();
  const webrtc = await inBatches(RECEIVERS, 10, () => webrtcReceiver(janusUrl, room, feed));
  clients.receivers = webrtc.made;
  const webrtcConnectSeconds = (performance.now() - connectStarted) / 1000;
  progress(BENCH, `${webrtc.made.length} receivers in ${webrtcConnectSeconds.toFixed(1)} s; connecting ${CHATTERS} chat clients through nginx`);
  const chatStats: ChatStats = { sent: 0, acked: 0, failures: 0, ackMs: [], deliveryMs: [], delivered: 0, lastErrors: [] };
  const chat = await inBatches(CHATTERS, 50, (index) => chatClient(nginx.url, tokens[index % tokens.length]!, classId, chatStats, index < LISTENERS));
  clients.chatters = chat.made;

  progress(BENCH, `${chat.made.length} chat clients joined; starting ${POLLERS} HLS pollers through nginx`);
  const rungUrl = (master: { url: string; text: string }, rung: string) => {
    const lines = master.text.split('\n');
    return new URL(lines.find((line) => line.startsWith(`${rung}.m3u8`)) ?? lines.find((line) => /^\S+\.m3u8/.test(line))!, master.url).href;
  };
  let assigned = 0;
  const pollers = RUNG_SHARE.flatMap(([rung, share], rungIndex) => {
    const count = rungIndex === RUNG_SHARE.length - 1 ? POLLERS - assigned : Math.round(POLLERS * share);
    assigned += count;
    return Array.from({ length: count }, (_, index) => rungUrl(masters[index % masters.length]!, rung));
  });
  const pollerStats: PollerStats = { requests: 0, failures: 0, bytes: 0, latenciesMs: [], lastErrors: [] };
  const polling = pollers.map(async (url, index) => {
    await new Promise((resolve) => setTimeout(resolve, (index / pollers.length) * 1000)); // spread over the first second
    return pollHls(url, pollerStats, stopPolling);
  });
  return { tokens, receivers: webrtc.made, webrtcErrors: webrtc.errors, webrtcConnectSeconds, chatters: chat.made, chatErrors: chat.errors, chatStats, pollers, pollerStats, polling };
}

/** The processes measured, found again at each sample. */
function cpuGroups(stack: Stack): CpuGroup[] {
  const script = (relative: string) => new RegExp(`${escape(`${repoRoot}/${relative}`)}(\\s|$)`);
  const database = new URL(stack.portal.databaseUrl).pathname.slice(1);
  return [
    { name: 'Janus', find: () => pidsMatching(new RegExp(escape(stack.janusFolder))) },
    {
      name: 'ffmpeg (live packager)',
      find: () => {
        const workers = new Set(pidsMatching(script('services/catalogue/dist/video-worker.js')));
        return pidsMatching(/^(\S*\/)?ffmpeg /).filter((pid) => workers.has(parentOf(pid)));
      },
    },
    { name: 'catalogue video worker (packager job)', find: () => pidsMatching(script('services/catalogue/dist/video-worker.js')) },
    { name: 'catalogue HTTP (HLS route)', find: () => pidsMatching(script('services/catalogue/dist/main.js')) },
    { name: 'gateway (progress)', find: () => pidsMatching(script('services/progress/dist/gateway.js')) },
    { name: 'nginx', find: () => [stack.nginx.pid, ...pidsMatching(/^nginx: worker/).filter((pid) => parentOf(pid) === stack.nginx.pid)] },
    { name: 'Redis (its own)', find: () => [stack.redis.pid] },
    { name: 'PostgreSQL (this database)', find: () => pidsMatching(new RegExp(`^postgres: (?:\\S+: )?\\S+ ${escape(database)} `)) },
    { name: 'load generator + edge (this process)', find: () => [process.pid] },
  ];
}

/** The measured window: every client on, chat at about one message per learner per minute, one burst half-way. */
async function measureWindow(stack: Stack, clients: Clients): Promise<{ elapsed: number; cpu: Record<string, number>; packetsDuring: number; loads: number[]; burstSize: number }> {
  const groups = cpuGroups(stack);
  const cpuBefore = sampleCpu(groups);
  const packetsBefore = clients.receivers.reduce((sum, receiver) => sum + receiver.packets, 0);
  const started = performance.now();
  const timers: NodeJS.Timeout[] = [];
  for (const client of clients.chatters) {
    // One message a minute on average, at random moments (exponential gaps).
    const next = () => timers.push(setTimeout(() => (client.send(), next()), -Math.log(1 - Math.random()) * 60_000));
    next();
  }
  const burstSize = Math.round(clients.chatters.length / 5);
  const burst = () => clients.chatters.slice(0, burstSize).forEach((client, index) => timers.push(setTimeout(() => client.send(), (index / burstSize) * 2000)));
  timers.push(setTimeout(burst, (SECONDS * 1000) / 2));
  const loads: number[] = [];
  const loadTimer = setInterval(() => loads.push(os.loadavg()[0]!), 5000);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  clearInterval(loadTimer);
  timers.forEach(clearTimeout);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuUsedBetween(cpuBefore, sampleCpu(groups));
  const packetsDuring = clients.receivers.reduce((sum, receiver) => sum + receiver.packets, 0) - packetsBefore;
  return { elapsed, cpu, packetsDuring, loads, burstSize };
}

function loadSection(clients: Clients, window: Awaited<ReturnType<typeof measureWindow>>, figures: { date: string; node: string; cpus: number; loadBefore: string; loadDuring: string; setupSeconds: number }) {
  const { elapsed, cpu, loads, burstSize } = window;
  const { pollerStats, chatStats } = clients;
  const receiving = clients.receivers.filter((receiver) => receiver.packets > 0).length;
  const firstPackets = clients.receivers.map((receiver) => receiver.firstPacketMs).filter((value): value is number => value !== null);
  const packetsEach = window.packetsDuring / elapsed / Math.max(1, clients.receivers.length);
  const cores = (seconds: number) => `${((seconds / elapsed) * 100).toFixed(0)}% of a core`;
  return [
    `${figures.date}, Node ${figures.node}, ${figures.cpus} cores, ${elapsed.toFixed(0)} s measured after ${figures.setupSeconds.toFixed(0)} s of connecting.`,
    `Load average before ${figures.loadBefore}; at the end of the window ${figures.loadDuring} (1-minute samples every 5 s: ${loads.map((value) => value.toFixed(1)).join(', ')}).`,
    "Every client runs in the benchmark's own Node process (which also runs the local edge), on the same 2 cores as the portal and the",
    'other work of the machine, so each component competes with the load it is given: the CPU figures are upper bounds.',
    '',
    markdownTable(
      ['clients', 'asked', 'working', 'failures', 'figures'],
      [
        ["werift WebRTC receivers of the educator's Janus feed", RECEIVERS, `${receiving} receiving video`, `${RECEIVERS - clients.receivers.length} not connected${clients.webrtcErrors[0] ? ` (${clients.webrtcErrors[0]})` : ''}`, `connected in ${clients.webrtcConnectSeconds.toFixed(1)} s; ${packetsEach.toFixed(0)} video packets/s each; first packet ${stats(firstPackets)} (median / p95)`],
        ['HLS pollers through nginx (playlist each second, new segments)', POLLERS, `${clients.pollers.length}`, `${pollerStats.failures} of ${pollerStats.requests} requests${pollerStats.lastErrors[0] ? ` (${pollerStats.lastErrors[0]})` : ''}`, `${(pollerStats.requests / elapsed).toFixed(0)} requests/s, ${((pollerStats.bytes * 8) / elapsed / 1e6).toFixed(1)} Mbit/s; latency ${stats(pollerStats.latenciesMs)}`],
        [`chat clients through nginx (${clients.tokens.length} demo learners' tokens)`, CHATTERS, `${clients.chatters.length} joined`, `${chatStats.failures} of ${chatStats.sent} messages${chatStats.lastErrors[0] ? ` (${chatStats.lastErrors[0]})` : ''}; ${CHATTERS - clients.chatters.length} not joined${clients.chatErrors[0] ? ` (${clients.chatErrors[0]})` : ''}`, `${chatStats.sent} sent (${(chatStats.sent / elapsed).toFixed(1)}/s, a burst of ${burstSize} in 2 s); ${chatStats.delivered} deliveries (${(chatStats.delivered / elapsed).toFixed(0)}/s); ack ${stats(chatStats.ackMs)}; send → other clients ${stats(chatStats.deliveryMs)}`],
      ],
    ),
    '',
    'CPU per component over the window (user + system, from /proc/<pid>/stat):',
    '',
    markdownTable(['component', 'CPU seconds', 'average'], Object.entries(cpu).map(([name, seconds]) => [name, seconds.toFixed(1), cores(seconds)])),
  ].join('\n');
}

async function main(): Promise<void> {
  const loadBefore = load();
  const redis = await startOwnRedis();
  const portal = await startBenchPortal(BENCH, { env: { ...process.env, REDIS_URL: redis.url } });
  const janusUrl = portal.serviceEnv.JANUS_URL;
  const janusFolder = portal.serviceEnv.JANUS_RECORDINGS_DIR ? path.dirname(portal.serviceEnv.JANUS_RECORDINGS_DIR) : null;
  const nginx = await startNginx(portal.ports);
  const browser = await launchBrowser({ fakeMedia: true });
  const db = new pg.Client({ connectionString: portal.databaseUrl });
  await db.connect();
  const stopPolling = new AbortController();
  const partial: Partial<Clients> = {};
  try {
    if (!janusUrl || !janusFolder) throw new Error('Janus is not available (install janus and janus-tools): the live load test needs it.');
    const stack: Stack = { portal, redis, nginx, janusUrl, janusFolder };
    const setupStarted = performance.now();
    const clients = await connectClients(stack, browser, db, stopPolling.signal, partial);
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    const window = await measureWindow(stack, clients);
    const loadDuring = load();
    stopPolling.abort();
    await Promise.allSettled(clients.polling);
    const figures = { ...runStamp(), loadBefore, loadDuring, setupSeconds };
    const body = loadSection(clients, window, figures);
    const summary = {
      ...figures, seconds: window.elapsed, loadSamples: window.loads, cpu: window.cpu,
      webrtc: { asked: RECEIVERS, connected: clients.receivers.length, receiving: clients.receivers.filter((receiver) => receiver.packets > 0).length, errors: clients.webrtcErrors.slice(0, 5), connectSeconds: clients.webrtcConnectSeconds, packetsPerSecondEach: window.packetsDuring / window.elapsed / Math.max(1, clients.receivers.length) },
      hls: { pollers: clients.pollers.length, requests: clients.pollerStats.requests, failures: clients.pollerStats.failures, bytes: clients.pollerStats.bytes, latency: { median: median(clients.pollerStats.latenciesMs), p95: percentile(clients.pollerStats.latenciesMs, 95) }, errors: clients.pollerStats.lastErrors },
      chat: { asked: CHATTERS, joined: clients.chatters.length, joinErrors: clients.chatErrors.slice(0, 5), sent: clients.chatStats.sent, acked: clients.chatStats.acked, failures: clients.chatStats.failures, delivered: clients.chatStats.delivered, ack: { median: median(clients.chatStats.ackMs), p95: percentile(clients.chatStats.ackMs, 95) }, delivery: { median: median(clients.chatStats.deliveryMs), p95: percentile(clients.chatStats.deliveryMs, 95) }, errors: clients.chatStats.lastErrors, users: clients.tokens.length },
    };
    writeLiveResults('load', summary, [{ title: 'Load test', body }]);
    console.log(body);
    progress(BENCH, 'wrote the Load test section of bench/results/live.md and live-load.json');
  } finally {
    stopPolling.abort();
    for (const client of partial.chatters ?? []) client.socket.disconnect();
    await Promise.allSettled((partial.receivers ?? []).map((receiver) => receiver.close()));
    await db.end().catch(() => undefined);
    await browser.close().catch(() => undefined);
    await nginx.stop().catch(() => undefined);
    await portal.stop();
    await redis.stop();
  }
}

await main();
process.exit(0);
