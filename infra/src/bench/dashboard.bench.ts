// Benchmark: the educator dashboard as the table of purchases grows. A whole portal on a fresh database; purchases
// are written with SQL straight into commerce's tables. The demo educator always has the same sales
// (EDUCATOR_PAID paid plus EDUCATOR_OTHER pending/failed/expired): first they are the whole table (1,000 rows),
// then 999,000 purchases of 1,000 other educators join them (1,000,000 rows). So the two p95s differ only by what
// the size of the table costs. Writes bench/results/dashboard.{json,md} with the plans of the sales queries.
import { signInOverHttp } from '@academy/sandbox/scripted-sign-in';
import pg from 'pg';
import { demoPassword } from '../launcher/start-portal.js';
import { markdownTable, ms, percentile, progress, runStamp, startBenchPortal, writeResults } from './results.js';

const EDUCATOR = { id: 'sandbox|educator-meera', email: 'meera@demo.academy' };
const EDUCATOR_PAID = 900;
const EDUCATOR_OTHER = 100;
const LARGE = Number(process.env.BENCH_DASHBOARD_PURCHASES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS ?? 300);
const CONCURRENCY = 10;
const TARGET_RATIO = 1.5;
const ROUTES = { dashboard: '/api/educator/dashboard', enrolledStudents: '/api/educator/enrolledStudents' } as const;

// The sales queries of commerce's EducatorSalesService, as the plans are shown for them.
const LATEST_PAID_SALES_SQL = `SELECT "student_name", "student_image_url", "course_title", "paid_at" FROM "commerce"."purchases"
  WHERE "educator_id" = $1 AND "status" = 'paid' ORDER BY "paid_at" DESC, "id" DESC LIMIT 10`;
const PAID_SALES_SQL = `SELECT "student_name", "student_image_url", "course_title", "paid_at" FROM "commerce"."purchases"
  WHERE "educator_id" = $1 AND "status" = 'paid' ORDER BY "paid_at" DESC, "id" DESC`;

/** Rows numbered `from`..`to`: educator, course, status and times derived from the number. */
function insertPurchasesSql(educator: 'demo' | 'others'): string {
  const educatorId = educator === 'demo' ? `$3::text` : `'bench|educator-' || (i % 1000)`;
  const courseId = educator === 'demo' ? `($4::uuid[])[1 + i % array_length($4::uuid[], 1)]` : `md5('bench-course-' || (i % 5000))::uuid`;
  const paid = educator === 'demo' ? `i - $1 < ${EDUCATOR_PAID}` : `i % 10 <> 0`;
  return `INSERT INTO "commerce"."purchases"
      ("user_id", "course_id", "educator_id", "amount_paise", "status", "razorpay_order_id", "razorpay_payment_id",
       "student_name", "student_email", "course_title", "paid_at", "enrolled_at", "created_at")
    SELECT 'bench|learner-' || i, ${courseId}, ${educatorId}, 49900,
           CASE WHEN ${paid} THEN 'paid' ELSE (ARRAY['pending', 'failed', 'expired'])[1 + i % 3] END,
           'order_bench_' || i, CASE WHEN ${paid} THEN 'pay_bench_' || i END,
           'Learner ' || i, 'learner' || i || '@bench.academy', 'Course ' || (i % 5000),
           CASE WHEN ${paid} THEN now() - (i || ' seconds')::interval END,
           CASE WHEN ${paid} THEN now() - (i || ' seconds')::interval END,
           now() - (i || ' seconds')::interval
      FROM generate_series($1::int, $2::int) AS i`;
}

async function timeRoute(url: string, token: string): Promise<number[]> {
  const latencies: number[] = [];
  let sent = 0;
  const call = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { success?: boolean; message?: string };
    if (!response.ok || body.success === false) throw new Error(`${url} answered ${response.status}: ${body.message ?? ''}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 100; i += 1) await call(); // warm-up: the first scenario runs on a just-started portal
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < REQUESTS) {
        sent += 1;
        latencies.push(await call());
      }
    }),
  );
  return latencies;
}

async function explain(client: pg.Client, sql: string): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, [EDUCATOR.id]);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

type RouteFigures = Record<string, { p50Ms: number; p95Ms: number; p99Ms: number }>;
interface Scenario {
  purchases: number;
  routes: RouteFigures;
}

async function educatorAccessToken(portal: { portalUrl: string; sandboxUrl: string }): Promise<string> {
  const config = (await (await fetch(`${portal.portalUrl}/runtime-config.json`)).json()) as { auth0: { clientId: string; audience: string } };
  const tokens = await signInOverHttp(
    `${portal.sandboxUrl}/`,
    { clientId: config.auth0.clientId, audience: config.auth0.audience, redirectUri: portal.portalUrl },
    'login',
    { email: EDUCATOR.email, password: demoPassword },
  );
  return tokens.access_token;
}

/** The demo educator's own sales, and their earnings row as the aggregation job would leave it. */
async function seedEducatorSales(client: pg.Client): Promise<number> {
  const { rows: courses } = await client.query<{ id: string }>('SELECT "id" FROM "catalogue"."courses" WHERE "educator_id" = $1', [EDUCATOR.id]);
  if (courses.length === 0) throw new Error(`the demo catalogue has no course of ${EDUCATOR.id}`);
  const educatorRows = EDUCATOR_PAID + EDUCATOR_OTHER;
  progress('dashboard', `seeding ${educatorRows} purchases of the demo educator (${EDUCATOR_PAID} paid)`);
  await client.query(insertPurchasesSql('demo'), [1, educatorRows, EDUCATOR.id, courses.map((course) => course.id)]);
  await client.query(
    `INSERT INTO "commerce"."educator_earnings" ("educator_id", "total_paise", "earnings_rupees", "enrolments") VALUES ($1, $2, $3, $4)
     ON CONFLICT ("educator_id") DO UPDATE SET "total_paise" = EXCLUDED."total_paise", "earnings_rupees" = EXCLUDED."earnings_rupees", "enrolments" = EXCLUDED."enrolments"`,
    [EDUCATOR.id, EDUCATOR_PAID * 49900, EDUCATOR_PAID * 499, EDUCATOR_PAID],
  );
  await client.query('ANALYZE "commerce"."purchases"');
  return educatorRows;
}

/** Other educators' sales up to LARGE rows; the seconds it took. */
async function seedOtherSales(client: pg.Client, from: number): Promise<number> {
  progress('dashboard', `seeding ${(LARGE - from + 1).toLocaleString('en-IN')} purchases of 1,000 other educators (SQL, takes a while)`);
  const seedStarted = performance.now();
  const batch = 200_000;
  for (let start = from; start <= LARGE; start += batch) {
    await client.query(insertPurchasesSql('others'), [start, Math.min(LARGE, start + batch - 1)]);
    progress('dashboard', `  ${Math.min(LARGE, start + batch - 1).toLocaleString('en-IN')} rows`);
  }
  await client.query('VACUUM ANALYZE "commerce"."purchases"');
  // The seed leaves hundreds of MB of dirty pages: written now, not by a checkpoint in the middle of the timing.
  await client.query('CHECKPOINT');
  return (performance.now() - seedStarted) / 1000;
}

async function measureRoutes(portalUrl: string, accessToken: string, purchases: number): Promise<Scenario> {
  const routes: RouteFigures = {};
  for (const [name, route] of Object.entries(ROUTES)) {
    progress('dashboard', `${purchases.toLocaleString('en-IN')} purchases: ${REQUESTS} × GET ${route}, ${CONCURRENCY} at a time`);
    const latencies = await timeRoute(portalUrl + route, accessToken);
    routes[name] = { p50Ms: percentile(latencies, 50), p95Ms: percentile(latencies, 95), p99Ms: percentile(latencies, 99) };
    progress('dashboard', `  p50 ${ms(routes[name]!.p50Ms)}, p95 ${ms(routes[name]!.p95Ms)}`);
  }
  return { purchases, routes };
}

function dashboardMarkdown(small: Scenario, large: Scenario, ratios: Record<string, number>, date: string, plans: { latestPaidSales: string; paidSales: string }): string {
  const count = (purchases: number) => purchases.toLocaleString('en-IN');
  return [
    `# Educator dashboard (${count(small.purchases)} vs ${count(large.purchases)} purchases)`,
    '',
    `The demo educator has ${EDUCATOR_PAID} paid sales in both; ${REQUESTS} requests per route, ${CONCURRENCY} at a time, through the edge. Target: p95 at ${count(large.purchases)} ≤ ${TARGET_RATIO} × p95 at ${count(small.purchases)}. Run ${date}.`,
    '',
    markdownTable(
      ['route', `p50 (${count(small.purchases)})`, `p95 (${count(small.purchases)})`, `p50 (${count(large.purchases)})`, `p95 (${count(large.purchases)})`, 'p95 ratio'],
      Object.entries(ROUTES).map(([name, route]) => [
        `\`GET ${route}\``,
        ms(small.routes[name]!.p50Ms),
        ms(small.routes[name]!.p95Ms),
        ms(large.routes[name]!.p50Ms),
        ms(large.routes[name]!.p95Ms),
        ratios[name]!.toFixed(2),
      ]),
    ),
    '',
    `## Plans at ${count(large.purchases)} purchases`,
    '',
    'Latest 10 paid sales (dashboard):',
    '',
    '```',
    plans.latestPaidSales,
    '```',
    '',
    'All paid sales (enrolled students):',
    '',
    '```',
    plans.paidSales,
    '```',
  ].join('\n');
}

async function main(): Promise<void> {
  const portal = await startBenchPortal('dashboard', { demoActivity: false });
  const client = new pg.Client({ connectionString: portal.databaseUrl });
  await client.connect();
  try {
    const accessToken = await educatorAccessToken(portal);
    const educatorRows = await seedEducatorSales(client);
    const small = await measureRoutes(portal.portalUrl, accessToken, educatorRows);
    const seedSeconds = await seedOtherSales(client, educatorRows + 1);
    const large = await measureRoutes(portal.portalUrl, accessToken, LARGE);

    const plans = { latestPaidSales: await explain(client, LATEST_PAID_SALES_SQL), paidSales: await explain(client, PAID_SALES_SQL) };
    const ratios = Object.fromEntries(Object.keys(ROUTES).map((name) => [name, large.routes[name]!.p95Ms / small.routes[name]!.p95Ms]));
    const summary = {
      ...runStamp(),
      educatorPaidSales: EDUCATOR_PAID,
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      seedSeconds,
      scenarios: [small, large],
      p95Ratio: ratios,
      targetRatio: TARGET_RATIO,
      met: Object.values(ratios).every((ratio) => ratio <= TARGET_RATIO),
      plans,
    };
    const markdown = dashboardMarkdown(small, large, ratios, summary.date, plans);
    console.log(markdown);
    writeResults('dashboard', summary, markdown);
    progress('dashboard', 'wrote bench/results/dashboard.json and dashboard.md');
  } finally {
    await client.end();
    await portal.stop();
  }
}

await main();
