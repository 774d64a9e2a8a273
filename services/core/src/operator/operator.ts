import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import {
  BadRequestException,
  CanActivate,
  Controller,
  DynamicModule,
  ExecutionContext,
  Get,
  Inject,
  Injectable,
  Logger,
  Module,
  NotFoundException,
  Param,
  Post,
  Query,
  UnauthorizedException,
  UseGuards,
  type MiddlewareConsumer,
  type NestModule,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Queue } from 'bullmq';
import type { NextFunction, Request, Response } from 'express';
import { Redis } from 'ioredis';
import { timingSafeEqual } from 'node:crypto';
import { Public } from '../auth/decorators.js';
import { CORE_CONFIG, type CoreConfig } from '../config/config.js';
import { DeadLetterNotFoundError, DeadLetterStore, type DeadLetter, type DeadLetterStatus } from '../queue/dead-letters.js';
import { PRODUCER_REDIS_OPTIONS } from '../queue/queue-defaults.js';

export const OPERATOR_TOKEN_HEADER = 'x-operator-token';

/** Where the operator pages live (dead letters of every service, catalogue's queue dashboard). */
export const OPERATOR_PATH_PREFIXES: readonly string[] = ['/internal/operator', '/internal/queues'];
const OPERATOR_PORT_ALSO_SERVES = ['/health', '/health/live'];

/**
 * The path as a router could come to read it: percent-decoded until it stops changing, backslashes as slashes,
 * repeated slashes collapsed, `.` and `..` resolved, lower case (Express matches routes case-insensitively). null:
 * not decodable.
 */
export function normalisedPath(url: string): string | null {
  let path = url.split('?')[0]!.split('#')[0]!;
  for (let round = 0; round < 5; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

const underOperatorPath = (path: string) => OPERATOR_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * Keeps the operator pages off the public port: a request for them (in any spelling: encoded, doubled slashes,
 * `..`, upper case, or not decodable) that did not arrive on OPERATOR_PORT answers 404, as does anything but the
 * operator pages and health on OPERATOR_PORT. Installed by `bootstrapHttp` before every route.
 */
export function operatorPortGate(operatorPort: number | undefined) {
  return (request: Request, response: Response, next: NextFunction) => {
    const path = normalisedPath(request.originalUrl ?? request.url);
    const onOperatorPort = operatorPort !== undefined && request.socket.localPort === operatorPort;
    const allowed = onOperatorPort
      ? path !== null && (underOperatorPath(path) || OPERATOR_PORT_ALSO_SERVES.includes(path))
      : path !== null
        ? !underOperatorPath(path)
        : !/\/internal/i.test(request.originalUrl ?? request.url);
    if (allowed) {
      next();
      return;
    }
    response.status(404).json({ success: false, message: 'Not found' });
  };
}
export const OPERATOR_REALM = 'academy operators';

/**
 * Checks the operator credential: `X-Operator-Token: <OPERATOR_TOKEN>`, `Authorization: Bearer <OPERATOR_TOKEN>`, or
 * HTTP Basic with the token as password (any user name: lets a browser open the dashboard through its login
 * prompt). With no OPERATOR_TOKEN configured nothing passes. Returns the refusal message, or undefined when allowed.
 */
export function operatorRefusal(config: Pick<CoreConfig, 'OPERATOR_TOKEN'>, headers: Request['headers']): string | undefined {
  if (!config.OPERATOR_TOKEN) return 'Operator pages are closed: OPERATOR_TOKEN is not configured';
  const header = headers[OPERATOR_TOKEN_HEADER];
  let given = typeof header === 'string' ? header : undefined;
  const authorization = headers.authorization;
  if (!given && typeof authorization === 'string') {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
    const basic = /^Basic\s+(\S+)$/i.exec(authorization);
    if (bearer) given = bearer[1];
    else if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      given = decoded.slice(decoded.indexOf(':') + 1);
    }
  }
  if (!given) return 'Operator route: the operator token is required';
  const expected = Buffer.from(config.OPERATOR_TOKEN);
  const sent = Buffer.from(given);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return 'Operator route: the operator token is not valid';
  return undefined;
}

/** Guard of the operator API routes (401 with a message, as the envelope filter writes it). */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(@Inject(CORE_CONFIG) private readonly config: CoreConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const refusal = operatorRefusal(this.config, request.headers);
    if (refusal) {
      context.switchToHttp().getResponse<Response>().setHeader('WWW-Authenticate', `Basic realm="${OPERATOR_REALM}"`);
      throw new UnauthorizedException(refusal);
    }
    return true;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Each service's dead letters, for operators only (OPERATOR_TOKEN; under /internal/, which the edge never routes):
 * `GET /internal/operator/dead-letters?status=dead&limit=50` lists them, newest first; `POST
 * /internal/operator/dead-letters/:id/replay` puts one back on its queue once the fault is fixed.
 */
@Controller('internal/operator/dead-letters')
@Public()
@UseGuards(OperatorGuard)
export class DeadLetterController {
  constructor(private readonly store: DeadLetterStore) {}

  @Get()
  async list(@Query('status') status?: string, @Query('limit') limit?: string): Promise<{ success: true; deadLetters: DeadLetter[] }> {
    if (status !== undefined && status !== 'dead' && status !== 'replayed') {
      throw new BadRequestException('status must be "dead" or "replayed"');
    }
    let size: number | undefined;
    if (limit !== undefined) {
      size = Number(limit);
      if (!/^\d+$/.test(limit) || size < 1 || size > 500) throw new BadRequestException('limit must be a whole number from 1 to 500');
    }
    return { success: true, deadLetters: await this.store.list({ status: status as DeadLetterStatus | undefined, limit: size }) };
  }

  @Post(':id/replay')
  async replay(@Param('id') id: string): Promise<{ success: true; message: string; deadLetter: DeadLetter }> {
    if (!UUID.test(id)) throw new BadRequestException('id must be a dead letter id (a UUID)');
    try {
      const deadLetter = await this.store.replay(id);
      return { success: true, message: `Event ${deadLetter.jobId} is back on queue ${deadLetter.queue}`, deadLetter };
    } catch (error) {
      if (error instanceof DeadLetterNotFoundError) throw new NotFoundException(error.message);
      throw error;
    }
  }
}

export interface OperatorQueuesOptions {
  /** Where the dashboard is served (default `/internal/queues`; the edge answers /internal/ with 404). */
  path?: string;
  /** Queues always shown; the others under QUEUE_PREFIX are discovered in Redis when the dashboard is opened. */
  queues?: readonly string[];
}

const QUEUE_BOARD_OPTIONS = Symbol('QUEUE_BOARD_OPTIONS');

/** The bull-board dashboard over every queue of the deployment (found under QUEUE_PREFIX), behind the operator token. */
@Injectable()
export class QueueBoard implements OnModuleDestroy {
  private readonly logger = new Logger('QueueBoard');
  readonly adapter = new ExpressAdapter();
  private readonly board: ReturnType<typeof createBullBoard>;
  private readonly queues = new Map<string, Queue>();
  private redis: Redis | undefined;
  private discoveredAt = 0;

  constructor(
    @Inject(CORE_CONFIG) private readonly config: CoreConfig,
    @Inject(QUEUE_BOARD_OPTIONS) readonly options: Required<OperatorQueuesOptions>,
  ) {
    this.adapter.setBasePath(options.path);
    this.board = createBullBoard({ queues: [], serverAdapter: this.adapter, options: { uiConfig: { boardTitle: 'Academy queues' } } });
    for (const name of options.queues) this.show(name);
  }

  private show(name: string): void {
    if (this.queues.has(name)) return;
    const queue = new Queue(name, { connection: { url: this.config.REDIS_URL, ...PRODUCER_REDIS_OPTIONS }, prefix: this.config.QUEUE_PREFIX });
    queue.on('error', () => undefined); // the dashboard shows Redis errors; no unhandled 'error' event
    this.queues.set(name, queue);
    this.board.addQueue(new BullMQAdapter(queue));
  }

  /** Finds the queues under QUEUE_PREFIX (`<prefix>:<queue>:meta` keys), at most every 10 s. */
  async discover(): Promise<string[]> {
    if (Date.now() - this.discoveredAt > 10_000) {
      this.discoveredAt = Date.now();
      if (!this.redis) {
        this.redis = new Redis(this.config.REDIS_URL, { ...PRODUCER_REDIS_OPTIONS, lazyConnect: true });
        this.redis.on('error', () => undefined);
      }
      if (this.redis.status === 'wait') await this.redis.connect();
      const prefix = `${this.config.QUEUE_PREFIX}:`;
      let cursor = '0';
      let rounds = 0;
      do {
        const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${prefix}*:meta`, 'COUNT', 1000);
        for (const key of keys) this.show(key.slice(prefix.length, -':meta'.length));
        cursor = next;
        rounds += 1;
      } while (cursor !== '0' && rounds < 1000);
    }
    return [...this.queues.keys()].sort();
  }

  /** Express middleware: the operator check, then queue discovery (a Redis outage still shows the known queues). */
  middleware() {
    return async (request: Request, response: Response, next: NextFunction) => {
      const refusal = operatorRefusal(this.config, request.headers);
      if (refusal) {
        response.setHeader('WWW-Authenticate', `Basic realm="${OPERATOR_REALM}"`);
        response.status(401).json({ success: false, message: refusal });
        return;
      }
      try {
        await this.discover();
      } catch (error) {
        this.logger.warn(`queue discovery failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      next();
    };
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close().catch(() => undefined)));
    this.redis?.disconnect();
  }
}

/**
 * Mount in ONE service's HTTP app: the bull-board dashboard at `/internal/queues` for operators (OPERATOR_TOKEN),
 * showing every queue of the deployment. Each service's dead-letter API comes with CoreModule.
 */
@Module({})
export class OperatorQueuesModule implements NestModule {
  constructor(private readonly board: QueueBoard) {}

  static forRoot(options: OperatorQueuesOptions = {}): DynamicModule {
    const resolved: Required<OperatorQueuesOptions> = { path: options.path ?? '/internal/queues', queues: options.queues ?? [] };
    return {
      module: OperatorQueuesModule,
      providers: [{ provide: QUEUE_BOARD_OPTIONS, useValue: resolved }, QueueBoard],
      exports: [QueueBoard],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(this.board.middleware(), this.board.adapter.getRouter()).forRoutes(this.board.options.path);
  }
}
