// Benchmark: catalogue API throughput with 1,000 published courses, as `npm run bench` runs it. The list and the
// detail are compared with a trivial route of the same app (same middleware and guards, no database) in the same
// run, so the ratio holds on a noisy machine. Writes bench/results/catalogue-api.json at the repository root.
import 'reflect-metadata';
import { Public } from '@academy/service-core';
import { prepareServiceTestEnvironment } from '@academy/service-core/testing';
import { runMigrations } from '@academy/service-core';
import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import autocannon from 'autocannon';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { catalogueDatabase } from '../database.js';

const COURSE_COUNT = 1_000;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
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

async function load(url: string): Promise<{ requestsPerSecond: number; p99Ms: number; non2xx: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx };
}

async function main(): Promise<void> {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'catalogue-api-bench-'));
  const env = await prepareServiceTestEnvironment({ MEDIA_DIR: mediaDir });
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
    const measured: Record<string, Awaited<ReturnType<typeof load>>> = {};
    for (const [name, route] of Object.entries(routes)) {
      console.log(`[bench] catalogue API: ${name} ${route} for ${SECONDS} s at ${CONNECTIONS} connections`);
      measured[name] = await load(base + route);
    }
    const ratio = (name: string) => measured[name]!.requestsPerSecond / measured.trivial!.requestsPerSecond;
    const summary = {
      courses: COURSE_COUNT,
      seconds: SECONDS,
      connections: CONNECTIONS,
      routes: measured,
      listToTrivial: ratio('list'),
      detailToTrivial: ratio('detail'),
      target: 'list and detail ≥ 0.80 × trivial',
      met: ratio('list') >= 0.8 && ratio('detail') >= 0.8,
    };
    const table = [
      '| route | req/s | p99 ms | non-2xx | ratio to trivial |',
      '|---|---|---|---|---|',
      ...Object.entries(measured).map(([name, m]) =>
        `| ${name} | ${m.requestsPerSecond.toFixed(0)} | ${m.p99Ms} | ${m.non2xx} | ${ratio(name).toFixed(2)} |`),
    ].join('\n');
    console.log(table);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, 'catalogue-api.json'), `${JSON.stringify(summary, null, 2)}\n`);
    writeFileSync(path.join(resultsDir, 'catalogue-api.md'), `# Catalogue API (${COURSE_COUNT} courses)\n\n${table}\n`);
  } finally {
    await app?.close();
    await env.teardown();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

await main();
