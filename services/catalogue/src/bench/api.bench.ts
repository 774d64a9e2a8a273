// Benchmark: catalogue API throughput with 1,000 published courses, as `npm run bench` runs it. The list and the
// detail are compared with a trivial route of the same app (same middleware and guards, no database) in the same
// run: ROUNDS short rounds, each measuring every route one after the other, and the median of each route's
// per-round ratio to the trivial route, so a load change on a shared machine shifts a round, not the result.
// Writes bench/results/catalogue-api.{json,md} at the repository root.
import 'reflect-metadata';
import { Public } from '@academy/service-core';
import { prepareServiceTestEnvironment } from '@academy/service-core/testing';
import { runMigrations } from '@academy/service-core';
import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { catalogueDatabase } from '../database.js';

const COURSE_COUNT = 1_000;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 9);
const CONNECTIONS = 10;
const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../bench/results');

@Controller('bench')
class TrivialController {
  @Public()
  @Get('trivial')
  trivial(): { success: true } {
    return { success: true };
  }
}

@Module({ imports: [AppModule], controllers: [TrivialController] })
class BenchModule {}

interface Load {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

async function load(url: string): Promise<Load> {
  // The load runs in a worker thread: in the app's own event loop, reading the answers would cost the app time in
  // proportion to their size (a 4 KB list page against the trivial route's 16 bytes), which is not the app's cost.
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, workers: 1 });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<void> {
  const env = await prepareServiceTestEnvironment();
  let app: INestApplication | undefined;
  try {
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    app = (await Test.createTestingModule({ imports: [BenchModule] }).compile()).createNestApplication();
    await app.listen(0, '127.0.0.1');
    const dataSource = app.get<DataSource>(getDataSourceToken());
    await dataSource.query(
      `INSERT INTO catalogue.courses (title, thumbnail_url, price, discount, educator_id, educator_name, created_at)
       SELECT 'Course ' || i, '/media/thumbnails/bench.svg', 99 + i % 900, i % 50, 'bench|educator', 'Bench Educator',
              now() - (i || ' seconds')::interval
         FROM generate_series(1, $1::int) AS i`,
      [COURSE_COUNT],
    );
    const [{ id }] = (await dataSource.query('SELECT id FROM catalogue.courses ORDER BY created_at DESC LIMIT 1')) as { id: string }[];
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const routes = {
      trivial: '/bench/trivial',
      health: '/health',
      list: '/api/course/all?limit=12',
      detail: `/api/course/${id}`,
    };
    const rounds: Record<string, Load>[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`[bench] catalogue API: round ${round}/${ROUNDS}, each route for ${SECONDS} s at ${CONNECTIONS} connections`);
      const measured: Record<string, Load> = {};
      for (const [name, route] of Object.entries(routes)) measured[name] = await load(base + route);
      rounds.push(measured);
    }
    const names = Object.keys(routes);
    const ratio = (name: string) => median(rounds.map((measured) => measured[name]!.requestsPerSecond / measured.trivial!.requestsPerSecond));
    const summary = {
      courses: COURSE_COUNT,
      rounds: ROUNDS,
      secondsPerRoute: SECONDS,
      connections: CONNECTIONS,
      routes: Object.fromEntries(
        names.map((name) => [
          name,
          {
            requestsPerSecond: median(rounds.map((measured) => measured[name]!.requestsPerSecond)),
            p99Ms: median(rounds.map((measured) => measured[name]!.p99Ms)),
            non2xx: rounds.reduce((sum, measured) => sum + measured[name]!.non2xx, 0),
            ratioToTrivial: ratio(name),
          },
        ]),
      ),
      perRound: rounds,
      listToTrivial: ratio('list'),
      detailToTrivial: ratio('detail'),
      target: 'list and detail ≥ 0.80 × trivial',
      met: ratio('list') >= 0.8 && ratio('detail') >= 0.8,
    };
    const table = [
      `${ROUNDS} rounds of ${SECONDS} s per route at ${CONNECTIONS} connections; medians over the rounds (the ratio is the median of each round's ratio). Target: list and detail ≥ 0.80 × trivial: ${summary.met ? 'met' : 'not met'}. Run ${new Date().toISOString()}.`,
      '',
      '| route | req/s | p99 ms | non-2xx | ratio to trivial |',
      '|---|---|---|---|---|',
      ...names.map((name) => {
        const m = summary.routes[name]!;
        return `| ${name} | ${m.requestsPerSecond.toFixed(0)} | ${m.p99Ms} | ${m.non2xx} | ${m.ratioToTrivial.toFixed(2)} |`;
      }),
    ].join('\n');
    console.log(table);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, 'catalogue-api.json'), `${JSON.stringify(summary, null, 2)}\n`);
    writeFileSync(path.join(resultsDir, 'catalogue-api.md'), `# Catalogue API (${COURSE_COUNT} courses)\n\n${table}\n`);
  } finally {
    await app?.close();
    await env.teardown();
  }
}

await main();
