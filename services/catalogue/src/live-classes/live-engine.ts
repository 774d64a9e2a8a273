import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { LIVE_UNAVAILABLE_MESSAGE } from '@academy/contracts';
import { CORE_CONFIG } from '@academy/service-core';
import type { CatalogueConfig } from '../catalogue-config.js';
import { LiveClassesRepository } from './live-classes.repository.js';
import { LIVE_QUEUE } from './live-packager.js';

const CHECK_TIMEOUT_MS = 1_500;
const REMEMBER_MS = 10_000;

/** The one node of a portal with a single Janus (JANUS_URL). */
export const LOCAL_NODE = 'local';

export interface JanusNode {
  name: string;
  url: string;
}

/** JANUS_NODES (`name=url,…`), else JANUS_URL as the node `local`, else none. */
export function janusNodes(config: Pick<CatalogueConfig, 'JANUS_NODES' | 'JANUS_URL'>): JanusNode[] {
  if (config.JANUS_NODES) {
    return config.JANUS_NODES.split(',').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), url: pair.slice(at + 1).replace(/\/$/, '') };
    });
  }
  return config.JANUS_URL ? [{ name: LOCAL_NODE, url: config.JANUS_URL.replace(/\/$/, '') }] : [];
}

/** The live queue of a node's packager: the local portal's one queue, or one per node in a cluster. */
export function liveQueueName(node: string | null | undefined): string {
  return !node || node === LOCAL_NODE ? LIVE_QUEUE : `${LIVE_QUEUE}.${node}`;
}

/** The answering node with the fewest live classes (the first listed on a tie), or null when none answers. */
export function chooseJanusNode(answering: string[], liveClasses: Map<string, number>): string | null {
  let best: string | null = null;
  for (const node of answering) if (best === null || (liveClasses.get(node) ?? 0) < (liveClasses.get(best) ?? 0)) best = node;
  return best;
}

/**
 * The live video engine (one Janus, or several nodes): which nodes answer their `info` request (asked at most every
 * 10 s each), and where each class runs. Without any, the portal still schedules classes and says plainly that going
 * live is unavailable.
 */
@Injectable()
export class LiveEngine {
  private readonly checked = new Map<string, { at: number; answers: Promise<boolean> }>();
  readonly nodes: JanusNode[];

  constructor(
    @Inject(CORE_CONFIG) config: CatalogueConfig,
    private readonly classes: LiveClassesRepository,
  ) {
    this.nodes = janusNodes(config);
  }

  async available(): Promise<boolean> {
    return (await this.answering()).length > 0;
  }

  /**
   * Places a class that goes live on a node (kept if its node still answers: a class started again after a
   * reconnect stays where its room and packager are). Throws 503 when no node answers.
   */
  async place(classId: string): Promise<JanusNode> {
    const answering = await this.answering();
    const current = await this.classes.janusNode(classId);
    const kept = answering.find((node) => node.name === current);
    if (kept) return kept;
    const chosen = chooseJanusNode(answering.map((node) => node.name), await this.classes.liveClassesPerNode());
    if (!chosen) throw new ServiceUnavailableException(LIVE_UNAVAILABLE_MESSAGE);
    await this.classes.setJanusNode(classId, chosen);
    return answering.find((node) => node.name === chosen)!;
  }

  /** The node a class runs on (placed now if it has none yet, e.g. a class that went live before placement existed). */
  async nodeOf(classId: string): Promise<JanusNode> {
    const name = await this.classes.janusNode(classId);
    return this.nodes.find((node) => node.name === name) ?? this.place(classId);
  }

  private async answering(): Promise<JanusNode[]> {
    const answers = await Promise.all(this.nodes.map((node) => this.answers(node)));
    return this.nodes.filter((_, index) => answers[index]);
  }

  private answers(node: JanusNode): Promise<boolean> {
    const checked = this.checked.get(node.name);
    if (checked && Date.now() - checked.at < REMEMBER_MS) return checked.answers;
    const answers = fetch(`${node.url}/info`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })
      .then(async (answer) => answer.ok && ((await answer.json()) as { janus?: string }).janus === 'server_info')
      .catch(() => false);
    this.checked.set(node.name, { at: Date.now(), answers });
    return answers;
  }
}
