// Benchmark: the doubt loop of a live class. A whole portal on a fresh database (Janus when it is on the PATH);
// learners signed up through the sandbox, enrolled in a free course of the educator; a class is started; the
// educator and every learner hold a socket.io connection to the gateway through the edge (WebSocket, as browsers).
// Each doubt is timed from the learner's emit to the educator's socket receiving it (stored, then sent: what the
// Go live page shows), one at a time, DOUBTS in all (the per-learner posting limit allows 6 a minute, so LEARNERS
// share them). Writes bench/results/live-doubts.json and the "Doubt loop" section of bench/results/live.md (other
// sections of that file belong to other benchmarks and are kept).
import {
  LIVE_GATEWAY_PATH,
  LiveGatewayEvent,
  type CourseListPage,
  type LiveAck,
  type LiveClassDto,
  type LiveDoubt,
  type LiveJoinAnswer,
} from '@academy/contracts';
import { signInOverHttp, type SpaClient } from '@academy/sandbox/scripted-sign-in';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { demoPassword } from '../launcher/start-portal.js';
import { writeLiveResults } from './live/live-results.js';
import { markdownTable, median, ms, percentile, progress, runStamp, startBenchPortal } from './results.js';

const BENCH = 'live-doubts';
const DOUBTS = Number(process.env.BENCH_LIVE_DOUBTS ?? 60);
const LEARNERS = Math.max(1, Math.ceil(DOUBTS / 6));
const TARGET_MS = 2_000;
const SECTION = '## Doubt loop';

async function json<T>(url: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
}

async function connect(portalUrl: string, token: string, classId: string): Promise<Socket> {
  const socket = io(portalUrl, { path: LIVE_GATEWAY_PATH, transports: ['websocket'], auth: { token }, reconnection: false });
  await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
  const joined = (await socket.timeout(10_000).emitWithAck('join', { classId })) as LiveAck<LiveJoinAnswer>;
  if (!joined.ok) throw new Error(`join answered ${joined.status}: ${joined.message}`);
  return socket;
}

interface BenchClass {
  educatorToken: string;
  learnerTokens: string[];
  classId: string;
  engine: string;
  run: string;
}

/** Learners signed up and enrolled in a free course of the educator; a class of that course scheduled and started. */
async function prepareClass(portal: { portalUrl: string; sandboxUrl: string; databaseUrl: string }): Promise<BenchClass> {
  const { portalUrl, sandboxUrl } = portal;
  const config = (await json<{ auth0: { clientId: string; audience: string } }>(`${portalUrl}/runtime-config.json`)).body;
  const client: SpaClient = { clientId: config.auth0.clientId, audience: config.auth0.audience, redirectUri: portalUrl };
  const educatorToken = (await signInOverHttp(`${sandboxUrl}/`, client, 'login', { email: 'meera@demo.academy', password: demoPassword })).access_token;
  progress(BENCH, `signing up ${LEARNERS} learners through the sandbox`);
  const run = randomBytes(3).toString('hex');
  const learnerTokens: string[] = [];
  for (let index = 0; index < LEARNERS; index += 1) {
    const email = `bench-live-${run}-${index}@learners.academy`;
    learnerTokens.push((await signInOverHttp(`${sandboxUrl}/`, client, 'signup', { name: `Bench Learner ${index}`, email, password: demoPassword })).access_token);
  }
  const free = (await json<CourseListPage>(`${portalUrl}/api/course/all?limit=50&price=free`)).body.courses[0];
  if (!free) throw new Error('the demo catalogue has no free course');
  const detail = (await json<{ courseData: { courseContent: { chapterId: string }[] } }>(`${portalUrl}/api/course/${free._id}`)).body;
  for (const token of learnerTokens) {
    const bought = await json(`${portalUrl}/api/user/purchase`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ courseId: free._id }) });
    if (bought.status >= 300) throw new Error(`enrolling a learner answered ${bought.status}`);
  }
  const educator = { authorization: `Bearer ${educatorToken}` };
  const startsAt = new Date(Date.now() + 3600_000 + 5.5 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+05:30');
  const scheduled = await json<{ liveClass: LiveClassDto }>(`${portalUrl}/api/educator/live-classes`, {
    method: 'POST', headers: educator, body: JSON.stringify({ courseId: free._id, chapterId: detail.courseData.courseContent[0]!.chapterId, title: 'Doubt loop bench', startsAt, durationMinutes: 60 }),
  });
  if (scheduled.status !== 201) throw new Error(`scheduling answered ${scheduled.status}`);
  const classId = scheduled.body.liveClass.id;
  const started = await json(`${portalUrl}/api/educator/live-classes/${classId}/start`, { method: 'POST', headers: educator });
  if (started.status < 300) return { educatorToken, learnerTokens, classId, engine: 'Janus, class started with Start', run };
  if (started.status !== 503) throw new Error(`Start answered ${started.status}`);
  // Without Janus, Start refuses; the doubt loop needs no video, so the class is marked live as Start would.
  const db = new pg.Client({ connectionString: portal.databaseUrl });
  await db.connect();
  await db.query(`UPDATE "catalogue"."live_classes" SET "status" = 'live', "went_live_at" = now() WHERE "id" = $1`, [classId]);
  await db.end();
  return { educatorToken, learnerTokens, classId, engine: 'no Janus: the class marked live in the database', run };
}

/** Each doubt, one at a time: ms from the learner's emit to the educator's socket receiving it, and to the ack. */
async function timeDoubts(teacher: Socket, learners: Socket[], classId: string, run: string): Promise<{ loop: number[]; acks: number[] }> {
  const waiting = new Map<string, (at: number) => void>();
  teacher.on(LiveGatewayEvent.Doubt, (doubt: LiveDoubt) => waiting.get(doubt.clientId)?.(performance.now()));
  const loop: number[] = [];
  const acks: number[] = [];
  for (let index = 0; index < DOUBTS; index += 1) {
    const clientId = `bench-${run}-${index}`;
    const received = new Promise<number>((resolve, reject) => {
      waiting.set(clientId, resolve);
      setTimeout(() => reject(new Error(`doubt ${index} did not reach the educator in 10 s`)), 10_000).unref();
    });
    const sent = performance.now();
    const ack = (await learners[index % learners.length]!.timeout(10_000).emitWithAck('doubt', { classId, clientId, text: `Bench doubt ${index}: why does the block slow down?` })) as LiveAck<{
      doubt: LiveDoubt;
    }>;
    const acked = performance.now();
    if (!ack.ok) throw new Error(`doubt ${index} refused: ${ack.status} ${ack.message}`);
    loop.push((await received) - sent);
    acks.push(acked - sent);
    waiting.delete(clientId);
  }
  return { loop, acks };
}

async function main(): Promise<void> {
  const portal = await startBenchPortal(BENCH, { demoActivity: false });
  const sockets: Socket[] = [];
  try {
    const { educatorToken, learnerTokens, classId, engine, run } = await prepareClass(portal);
    progress(BENCH, `connecting the educator and ${LEARNERS} learners to the gateway through the edge`);
    const teacher = await connect(portal.portalUrl, educatorToken, classId);
    sockets.push(teacher);
    const learners: Socket[] = [];
    for (const token of learnerTokens) learners.push(await connect(portal.portalUrl, token, classId));
    sockets.push(...learners);
    progress(BENCH, `${DOUBTS} doubts, one at a time, learner emit → educator socket`);
    const loadBefore = loadavg()[0]!;
    const { loop, acks } = await timeDoubts(teacher, learners, classId, run);
    const loadAfter = loadavg()[0]!;
    const summary = {
      ...runStamp(),
      engine,
      doubts: DOUBTS,
      learners: LEARNERS,
      loadAverage1m: { before: Number(loadBefore.toFixed(2)), after: Number(loadAfter.toFixed(2)) },
      toEducatorMs: { median: median(loop), p95: percentile(loop, 95), max: Math.max(...loop) },
      ackMs: { median: median(acks), p95: percentile(acks, 95) },
      targetMs: TARGET_MS,
      met: percentile(loop, 95) <= TARGET_MS,
    };
    writeLiveResults('doubts', summary, [{ title: SECTION.replace(/^## /, ''), body: report(summary).slice(SECTION.length) }]);
    progress(BENCH, `to the educator: median ${ms(summary.toEducatorMs.median)}, p95 ${ms(summary.toEducatorMs.p95)} (load ${loadBefore.toFixed(2)})`);
  } finally {
    sockets.forEach((socket) => socket.disconnect());
    await portal.stop();
  }
}

function report(summary: {
  date: string; node: string; cpus: number; engine: string; loadAverage1m: { before: number; after: number };
  toEducatorMs: { median: number; p95: number; max: number }; ackMs: { median: number; p95: number }; met: boolean;
}): string {
  return [
    SECTION,
    '',
    `${summary.date}, Node ${summary.node}, ${summary.cpus} cores, load average (1 min) ${summary.loadAverage1m.before} before and ${summary.loadAverage1m.after} after. ` +
      `${DOUBTS} doubts from ${LEARNERS} enrolled learners, one at a time, over socket.io through the edge (${summary.engine}); ` +
      "timed from the learner's emit to the educator's socket receiving it (stored in PostgreSQL with its outbox event first). " +
      '`npm run bench -- live-doubts`.',
    '',
    markdownTable(
      ['step', 'median', 'p95', 'max', 'target (p95)'],
      [
        ['learner emits → educator socket receives', ms(summary.toEducatorMs.median), ms(summary.toEducatorMs.p95), ms(summary.toEducatorMs.max), `≤ ${ms(TARGET_MS)} ${summary.met ? '(met)' : '(missed)'}`],
        ['learner emits → learner gets the acknowledgement', ms(summary.ackMs.median), ms(summary.ackMs.p95), '', ''],
      ],
    ),
  ].join('\n');
}

await main();
