import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  Module,
  Post,
  Req,
  type MiddlewareConsumer,
  type NestModule,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Request } from 'express';
import { json } from 'express';
import { Redis } from 'ioredis';
import { Counter } from 'prom-client';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { Public } from '../auth/decorators.js';
import { CORE_CONFIG, type CoreConfig } from '../config/config.js';
import { metricsRegistry } from '../metrics/http-metrics.js';
import { PRODUCER_COMMAND_TIMEOUT_MS } from '../queue/queue-defaults.js';

/** Where browsers send Content Security Policy violations (the policy's report-uri and report-to name it). */
export const CSP_REPORTS_ROUTE = 'api/csp-reports';
/** Reports one browser address may send a minute; a page that breaks the policy in a loop is cut off past it. */
export const CSP_REPORTS_PER_MINUTE = 60;

export const cspViolations = new Counter({
  name: 'csp_violations_total',
  help: 'Content Security Policy violations reported by browsers, by directive and page (route pattern)',
  labelNames: ['directive', 'page'] as const,
  registers: [metricsRegistry],
});

const text = z.string().max(4096);
const lineNumber = z.number().int().nonnegative().optional();

/** `report-uri` format (Content-Type application/csp-report), sent by every browser. */
const legacyReportSchema = z.object({
  'csp-report': z.object({
    'document-uri': text,
    'effective-directive': text.optional(),
    'violated-directive': text.optional(),
    'blocked-uri': text.optional(),
    'source-file': text.optional(),
    'line-number': lineNumber,
    disposition: text.optional(),
  }),
});

/** Reporting API format (Content-Type application/reports+json): a batch; only csp-violation entries are ours. */
const reportingApiSchema = z
  .array(
    z.object({
      type: text,
      url: text,
      body: z.record(z.string(), z.unknown()).optional(),
    }),
  )
  .max(100);

const reportingApiCspBody = z.object({
  documentURL: text,
  effectiveDirective: text,
  blockedURL: text.optional(),
  sourceFile: text.optional(),
  lineNumber,
  disposition: text.optional(),
});

export interface CspViolation {
  directive: string;
  documentUrl: string;
  blockedUrl: string;
  sourceFile?: string;
  lineNumber?: number;
  disposition: string;
}

function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'report'}: ${issue.message}` : 'not a report';
}

/**
 * The violations in a report body of either format, or a 400 naming what is wrong. The directive is the effective
 * one (`script-src-elem` rather than `script-src`), so the metric says what was blocked.
 */
export function violationsOf(body: unknown): CspViolation[] {
  if (Array.isArray(body)) {
    const batch = reportingApiSchema.safeParse(body);
    if (!batch.success) throw new BadRequestException(`Malformed report batch: ${firstProblem(batch.error)}`);
    return batch.data
      .filter((report) => report.type === 'csp-violation')
      .map((report) => {
        const parsed = reportingApiCspBody.safeParse(report.body);
        if (!parsed.success) throw new BadRequestException(`Malformed csp-violation report: ${firstProblem(parsed.error)}`);
        const { documentURL, effectiveDirective, blockedURL, sourceFile, lineNumber, disposition } = parsed.data;
        return { directive: effectiveDirective, documentUrl: documentURL, blockedUrl: blockedURL ?? '', sourceFile, lineNumber, disposition: disposition ?? 'enforce' };
      });
  }
  const legacy = legacyReportSchema.safeParse(body);
  if (!legacy.success) throw new BadRequestException(`Malformed CSP report: ${firstProblem(legacy.error)}`);
  const report = legacy.data['csp-report'];
  const directive = report['effective-directive'] ?? report['violated-directive']?.split(' ')[0];
  if (!directive) throw new BadRequestException('Malformed CSP report: it names no directive');
  return [
    {
      directive,
      documentUrl: report['document-uri'],
      blockedUrl: report['blocked-uri'] ?? '',
      sourceFile: report['source-file'],
      lineNumber: report['line-number'],
      disposition: report.disposition ?? 'enforce',
    },
  ];
}

/** Distinct page labels the metric keeps; reports from further pages count as `other`. */
export const MAX_PAGE_LABELS = 200;
const seenPages = new Set<string>();

/**
 * The page of a document URL as a route pattern, so the metric's label set stays small: a segment that is not a
 * short lower-case word (an id, a search text) becomes `:id`, only the first three segments are kept, and past
 * MAX_PAGE_LABELS distinct pages the rest count as `other`.
 */
export function pagePattern(documentUrl: string): string {
  const url = URL.parse(documentUrl);
  if (!url) return 'unknown';
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .slice(0, 3)
    .map((segment) => (/^[a-z][a-z-]{0,23}$/.test(segment) ? segment : ':id'));
  const page = `/${segments.join('/')}`;
  if (!seenPages.has(page)) {
    if (seenPages.size >= MAX_PAGE_LABELS) return 'other';
    seenPages.add(page);
  }
  return page;
}

/** A URL without its query and fragment: signed links carry their signature there, and logs must not. */
function withoutQuery(value: string | undefined): string | undefined {
  if (!value) return value;
  const url = URL.parse(value);
  return url ? `${url.origin}${url.pathname}` : value.slice(0, 200);
}

@Injectable()
export class CspReportLimiter implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(CORE_CONFIG) config: CoreConfig) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS, lazyConnect: true });
    this.redis.on('error', () => undefined); // the in-memory insurance limiter takes over; reports are not worth a 503
    this.limiter = new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: `${config.QUEUE_PREFIX}:ratelimit:csp-reports`,
      points: CSP_REPORTS_PER_MINUTE,
      duration: 60,
      insuranceLimiter: new RateLimiterMemory({ points: CSP_REPORTS_PER_MINUTE, duration: 60 }),
    });
  }

  /** Spends one report of the address's minute, or answers 429 with when to try again. */
  async consume(address: string): Promise<void> {
    try {
      await this.limiter.consume(address);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.ceil(rejection.msBeforeNext / 1000);
      throw new HttpException(`Too many violation reports: wait ${seconds} s`, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}

/** Logs each violation a browser reports (one warn line) and counts it by directive and page. */
@Controller(CSP_REPORTS_ROUTE)
export class CspReportsController {
  private readonly logger = new Logger('CspReports');

  constructor(private readonly limiter: CspReportLimiter) {}

  @Post()
  @Public()
  @HttpCode(HttpStatus.NO_CONTENT)
  async report(@Body() body: unknown, @Req() request: Request): Promise<void> {
    await this.limiter.consume(request.ip ?? 'unknown');
    for (const violation of violationsOf(body)) {
      const page = pagePattern(violation.documentUrl);
      cspViolations.inc({ directive: violation.directive, page });
      this.logger.warn({
        msg: `Content Security Policy blocked ${withoutQuery(violation.blockedUrl) || 'an inline resource'} (${violation.directive}) on ${page}`,
        cspViolation: {
          directive: violation.directive,
          page,
          blockedUrl: withoutQuery(violation.blockedUrl),
          sourceFile: withoutQuery(violation.sourceFile),
          lineNumber: violation.lineNumber,
          disposition: violation.disposition,
        },
      });
    }
  }
}

/** The report endpoint; one service mounts it (the edge routes /api/csp-reports to it, see infra/routes.json). */
@Module({ controllers: [CspReportsController], providers: [CspReportLimiter] })
export class CspReportsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Browsers send reports with their own media types, which the default JSON parser skips.
    consumer.apply(json({ type: ['application/csp-report', 'application/reports+json', 'application/json'], limit: '64kb' })).forRoutes(CspReportsController);
  }
}
