import { LIVE_UNAVAILABLE_MESSAGE } from '@academy/contracts';
import { CORE_CONFIG } from '@academy/service-core';
import { InjectQueue } from '@nestjs/bullmq';
import { ConflictException, Inject, Injectable, Logger, ServiceUnavailableException, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, type Job } from 'bullmq';
import path from 'node:path';
import type { CatalogueConfig } from '../catalogue-config.js';
import { JanusError, JanusSession } from './janus-client.js';
import { LiveClassesRepository, type LiveClassRow } from './live-classes.repository.js';
import { LiveEngine, liveQueueName, LOCAL_NODE } from './live-engine.js';
import type { RecordLiveClassData } from './record-live-class.job.js';
import { FORWARD_AUDIO_PT, FORWARD_VIDEO_PT, forwardPorts, LIVE_QUEUE, LiveJob, type LivePackageData } from './live-packager.js';

/** Janus's answer when the room is there already (a second publish after a reconnect). */
const ROOM_EXISTS = 427;

/**
 * The educator's stream into Janus: one video room per class (recorded), the educator's SDP offer answered by
 * Janus, and the room's streams forwarded over RTP to the live packager job. A new publish (a reload, a reconnect)
 * replaces the previous one; ending the class closes the room.
 */
@Injectable()
export class LiveStudio implements OnApplicationShutdown {
  private readonly logger = new Logger(LiveStudio.name);
  private readonly sessions = new Map<string, JanusSession>();
  /** The live queues of other nodes' packagers (a cluster), made on first use with the local queue's connection. */
  private readonly nodeQueues = new Map<string, Queue<LivePackageData | RecordLiveClassData>>();

  constructor(
    @Inject(CORE_CONFIG) private readonly config: CatalogueConfig,
    @InjectQueue(LIVE_QUEUE) private readonly queue: Queue<LivePackageData | RecordLiveClassData>,
    private readonly classes: LiveClassesRepository,
    private readonly engine: LiveEngine,
  ) {}

  /** Jobs of a class go to its node's packager: Janus forwards to 127.0.0.1 there, and its recordings are on that disk. */
  private queueOf(node: string): Queue<LivePackageData | RecordLiveClassData> {
    if (node === LOCAL_NODE) return this.queue;
    let queue = this.nodeQueues.get(node);
    if (!queue) {
      queue = new Queue(liveQueueName(node), { connection: this.queue.opts.connection, prefix: this.queue.opts.prefix });
      this.nodeQueues.set(node, queue);
    }
    return queue;
  }

  /** Publishes the educator's offer into the class's room; answers Janus's SDP. */
  async publish(liveClass: LiveClassRow, offerSdp: string): Promise<string> {
    if (liveClass.status !== 'live') throw new ConflictException('Start the class before publishing to it');
    if (this.engine.nodes.length === 0) throw new ServiceUnavailableException(LIVE_UNAVAILABLE_MESSAGE);
    await this.sessions.get(liveClass.id)?.close();
    try {
      const node = await this.engine.nodeOf(liveClass.id);
      const session = await JanusSession.open(node.url);
      this.sessions.set(liveClass.id, session);
      const room = await this.classes.ensureJanusRoom(liveClass.id);
      await this.createRoom(session, room, liveClass.id);
      const joined = await session.offer({ request: 'joinandconfigure', room, ptype: 'publisher', display: 'educator', audio: true, video: true }, offerSdp);
      await this.forward(session, room, Number(joined.data.id), liveClass.id, node.name);
      return joined.sdp;
    } catch (error) {
      if (!(error instanceof JanusError) && !(error instanceof TypeError) && (error as Error).name !== 'TimeoutError') throw error;
      this.logger.warn(`class ${liveClass.id}: publishing failed: ${(error as Error).message}`);
      throw new ServiceUnavailableException(`The live video engine could not take the stream: ${(error as Error).message}`);
    }
  }

  /**
   * Closes the class's room (the packager notices the class ended and finishes its playlists), then queues its
   * recording to become a lecture (once: the job id is the class's), on the class's node.
   */
  async end(classId: string): Promise<void> {
    const session = this.sessions.get(classId);
    this.sessions.delete(classId);
    if (session) {
      const room = (await this.classes.liveState(classId))?.janusRoom;
      if (room) await session.request({ request: 'destroy', room }).catch((error: Error) => this.logger.warn(`room of ${classId} not destroyed: ${error.message}`));
      await session.close();
    }
    const recordings = this.config.JANUS_RECORDINGS_DIR;
    if (!recordings) return;
    // A short delay lets Janus close its recording files after the room is gone.
    const data: RecordLiveClassData = { classId, recordingsDir: path.join(recordings, classId) };
    await this.queueOf((await this.classes.janusNode(classId)) ?? LOCAL_NODE).add(LiveJob.Record, data, { jobId: `record|${classId}`, delay: 2_000, attempts: 3, backoff: { type: 'exponential', delay: 5_000 } });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((session) => session.close()));
    await Promise.all([...this.nodeQueues.values()].map((queue) => queue.close()));
  }

  private async createRoom(session: JanusSession, room: number, classId: string): Promise<void> {
    const recordings = this.config.JANUS_RECORDINGS_DIR;
    try {
      await session.request({
        request: 'create', room, description: `class ${classId}`, publishers: 1, is_private: true, permanent: false,
        audiocodec: 'opus', videocodec: 'vp8', bitrate: 1_500_000, fir_freq: 1,
        ...(recordings ? { record: true, rec_dir: path.join(recordings, classId) } : {}),
      });
    } catch (error) {
      if (!(error instanceof JanusError) || !error.message.includes(String(ROOM_EXISTS)) && !/already exists/i.test(error.message)) throw error;
    }
  }

  /** Sends the publisher's audio and video to a packager job (one per class: its id is the class's). */
  private async forward(session: JanusSession, room: number, publisherId: number, classId: string, node: string): Promise<void> {
    const queue = this.queueOf(node);
    const existing = await queue.getJob(`live|${classId}`);
    const ports = existing && !(await existing.isCompleted()) && !(await existing.isFailed()) ? (existing.data as LivePackageData) : null;
    const { audioPort, videoPort } = ports ?? forwardPorts();
    if (!ports) {
      await existing?.remove().catch(() => undefined);
      const prefix = `live/${classId}/${Date.now().toString(36)}/`;
      await queue.add(LiveJob.Package, { classId, audioPort, videoPort, prefix }, { jobId: `live|${classId}`, attempts: 5, backoff: { type: 'fixed', delay: 1000 } });
      await this.classes.setLivePrefix(classId, prefix);
    }
    await session.request({
      request: 'rtp_forward', room, publisher_id: publisherId, host: '127.0.0.1', host_family: 'ipv4',
      streams: [{ mid: '0', port: audioPort, pt: FORWARD_AUDIO_PT }, { mid: '1', port: videoPort, pt: FORWARD_VIDEO_PT }],
    });
    // The running packager reads the new publisher's stream with a fresh ffmpeg (see package-live-class.job.ts).
    if (ports && existing) await (existing as Job<LivePackageData>).updateData({ ...ports, publishedAt: Date.now() }).catch((error: Error) => this.logger.warn(`class ${classId}: packager not told of the new publish: ${error.message}`));
  }
}
