import { LIVE_UNAVAILABLE_MESSAGE } from '@academy/contracts';
import { CORE_CONFIG } from '@academy/service-core';
import { InjectQueue } from '@nestjs/bullmq';
import { ConflictException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, type Job } from 'bullmq';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { CatalogueConfig } from '../catalogue-config.js';
import { JanusError, JanusSession } from './janus-client.js';
import { LiveClassesRepository, type LiveClassRow } from './live-classes.repository.js';
import { LiveEngine, liveQueueName, LOCAL_NODE } from './live-engine.js';
import { STAGE_PREFIX, type RecordLiveClassData } from './record-live-class.job.js';
import { LiveMixer, sdpMedia, type MixerInput } from './live-mixer.js';
import { FORWARD_AUDIO_PT, FORWARD_VIDEO_PT, forwardPorts, LIVE_QUEUE, LiveJob, type LivePackageData } from './live-packager.js';

/** Who sends into the class's room: its educator, or the learner on stage. */
export type LiveFeed = 'educator' | 'stage';

interface Publisher {
  session: JanusSession;
  /** Janus's id of the publisher (what a subscriber asks for). */
  feedId: number;
  /** This publish's id: a WHIP resource names it, so a late DELETE cannot end a newer publish. */
  resourceId: string;
  userId: string;
  mixerInput: MixerInput | null;
}

const unavailable = (error: unknown): boolean => error instanceof JanusError || error instanceof TypeError || (error as Error).name === 'TimeoutError';

/** How long a subscriber waits for a publisher that has just joined to be on air. */
const FEED_WAIT_MS = 8_000;

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
  /** Per class: its publishers, its audio mix, and the subscriptions waiting for (or holding) their answer. */
  private readonly publishers = new Map<string, Map<LiveFeed, Publisher>>();
  private readonly mixers = new Map<string, LiveMixer>();
  private readonly subscriptions = new Map<string, { classId: string; userId: string; session: JanusSession }>();
  /** The live queues of other nodes' packagers (a cluster), made on first use with the local queue's connection. */
  private readonly nodeQueues = new Map<string, Queue<LivePackageData | RecordLiveClassData>>();

  constructor(
    @Inject(CORE_CONFIG) private readonly config: CatalogueConfig,
    @InjectQueue(LIVE_QUEUE) private readonly queue: Queue<LivePackageData | RecordLiveClassData>,
    private readonly classes: LiveClassesRepository,
    private readonly engine: LiveEngine,
  ) {}

  /**
   * Publishes the educator's offer into the class's room; answers Janus's SDP and the publish's id. The browser
   * sends VP8, OBS H.264: a publish must match the codec the class's packager already reads (a browser is asked
   * for it; OBS, which only sends H.264, gets a 409 in a class packaged from VP8).
   */
  async publish(liveClass: LiveClassRow, offerSdp: string): Promise<{ sdp: string; resourceId: string }> {
    if (liveClass.status !== 'live') throw new ConflictException('Start the class before publishing to it');
    const url = await this.janusUrlOf(liveClass.id);
    const running = (await this.runningPackager(liveClass.id))?.data;
    const offered = /\na=rtpmap:\d+ VP8\//i.test(offerSdp) ? 'vp8' : 'h264';
    if (running?.videoCodec === 'vp8' && offered !== 'vp8') {
      throw new ConflictException('This class is already on air from the browser (VP8), and this encoder sends H.264 only: end the class and start it again from OBS');
    }
    await this.unpublish(liveClass.id, 'educator');
    try {
      const session = await JanusSession.open(url);
      const room = await this.classes.ensureJanusRoom(liveClass.id);
      await this.createRoom(session, room, liveClass.id);
      const codec = running?.videoCodec ?? 'vp8';
      const joined = await session.offer(
        { request: 'joinandconfigure', room, ptype: 'publisher', display: 'educator', audio: true, video: true, ...(running ? { videocodec: codec } : {}) },
        offerSdp,
      ).catch(async (error: unknown) => {
        await session.close();
        throw error;
      });
      const publisher: Publisher = { session, feedId: Number(joined.data.id), resourceId: randomBytes(12).toString('hex'), userId: liveClass.educatorId, mixerInput: null };
      this.feeds(liveClass.id).set('educator', publisher);
      await this.forward(session, room, publisher, liveClass.id, joined.sdp);
      return { sdp: joined.sdp, resourceId: publisher.resourceId };
    } catch (error) {
      if (!unavailable(error)) throw error;
      this.logger.warn(`class ${liveClass.id}: publishing failed: ${(error as Error).message}`);
      throw new ServiceUnavailableException(`The live video engine could not take the stream: ${(error as Error).message}`);
    }
  }

  /**
   * The learner on stage publishes into the class's room (recorded apart, for the lecture's audio); their audio joins
   * the mix the HLS audience hears. A new publish replaces their previous one.
   */
  async publishStage(liveClass: LiveClassRow, userId: string, offerSdp: string): Promise<{ sdp: string }> {
    const url = await this.janusUrlOf(liveClass.id);
    const educator = this.publishers.get(liveClass.id)?.get('educator');
    if (!educator) throw new ConflictException('The teacher is not on air yet: try again in a moment');
    await this.unpublish(liveClass.id, 'stage');
    try {
      const room = await this.classes.ensureJanusRoom(liveClass.id);
      const session = await JanusSession.open(url);
      // Recorded apart, under a name the recording job knows (it mixes this audio into the educator's, delayed to its start).
      const recording = this.config.JANUS_RECORDINGS_DIR ? { record: true, filename: `${STAGE_PREFIX}${Date.now() * 1000}` } : { record: false };
      const joined = await session.offer({ request: 'joinandconfigure', room, ptype: 'publisher', display: 'stage', audio: true, video: true, ...recording }, offerSdp).catch(async (error: unknown) => {
        await session.close();
        throw error;
      });
      const publisher: Publisher = { session, feedId: Number(joined.data.id), resourceId: randomBytes(12).toString('hex'), userId, mixerInput: null };
      this.feeds(liveClass.id).set('stage', publisher);
      const mixer = this.mixers.get(liveClass.id);
      const { audioMid } = sdpMedia(joined.sdp);
      if (mixer && audioMid !== null) {
        publisher.mixerInput = await mixer.input('stage');
        await session.request({
          request: 'rtp_forward', room, publisher_id: publisher.feedId, host: publisher.mixerInput.host, host_family: 'ipv4',
          streams: [{ mid: audioMid, port: publisher.mixerInput.port, pt: FORWARD_AUDIO_PT }],
        });
      }
      return { sdp: joined.sdp };
    } catch (error) {
      if (!unavailable(error)) throw error;
      this.logger.warn(`class ${liveClass.id}: the stage publish failed: ${(error as Error).message}`);
      throw new ServiceUnavailableException(`The live video engine could not take the stream: ${(error as Error).message}`);
    }
  }

  /** Ends a feed's publish (the learner leaving the stage, OBS's WHIP DELETE); the class stays live. */
  async unpublish(classId: string, feed: LiveFeed, resourceId?: string): Promise<boolean> {
    const publisher = this.publishers.get(classId)?.get(feed);
    if (!publisher || (resourceId !== undefined && publisher.resourceId !== resourceId)) return false;
    this.publishers.get(classId)!.delete(feed);
    await publisher.mixerInput?.session.close();
    await publisher.session.close();
    return true;
  }

  /** Whether a feed is on air (kept by the catalogue process that took its publish). */
  publishing(classId: string, feed: LiveFeed): boolean {
    return this.publishers.get(classId)?.has(feed) ?? false;
  }

  /**
   * Watching a speaker over WebRTC (the educator watches the stage, the learner on stage watches the educator):
   * Janus offers, the browser answers with `answerSubscription`. 409 while that feed is not on air.
   */
  async subscribe(classId: string, userId: string, feed: LiveFeed): Promise<{ subscriptionId: string; sdp: string }> {
    const url = await this.janusUrlOf(classId);
    const publisher = this.publishers.get(classId)?.get(feed);
    if (!publisher) throw new ConflictException(feed === 'stage' ? 'Nobody is on stage yet' : 'The teacher is not on air yet');
    const room = await this.classes.ensureJanusRoom(classId);
    try {
      const session = await JanusSession.open(url);
      const joined = await this.joinAsSubscriber(session, room, publisher.feedId).catch(async (error: unknown) => {
        await session.close();
        throw error;
      });
      if (!joined.sdp) {
        await session.close();
        throw new JanusError(`Janus made no offer: ${JSON.stringify(joined.data)}`);
      }
      const subscriptionId = randomBytes(12).toString('hex');
      this.subscriptions.set(subscriptionId, { classId, userId, session });
      return { subscriptionId, sdp: joined.sdp };
    } catch (error) {
      if (!unavailable(error)) throw error;
      throw new ServiceUnavailableException(`The live video engine could not send the stream: ${(error as Error).message}`);
    }
  }

  /**
   * Janus knows a feed only once its publisher's WebRTC is up (a moment after its answer): a subscriber that comes
   * right after (the page is told as soon as the learner has published) asks again for a few seconds.
   */
  private async joinAsSubscriber(session: JanusSession, room: number, feed: number) {
    const deadline = Date.now() + FEED_WAIT_MS;
    for (;;) {
      try {
        return await session.message({ request: 'join', room, ptype: 'subscriber', streams: [{ feed }] });
      } catch (error) {
        if (!(error instanceof JanusError) || !/no such feed/i.test(error.message) || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  async answerSubscription(classId: string, userId: string, subscriptionId: string, answerSdp: string): Promise<void> {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription || subscription.classId !== classId || subscription.userId !== userId) throw new NotFoundException('That stream is not open any more');
    try {
      await subscription.session.message({ request: 'start' }, { type: 'answer', sdp: answerSdp });
    } catch (error) {
      if (!unavailable(error)) throw error;
      throw new ServiceUnavailableException(`The live video engine could not send the stream: ${(error as Error).message}`);
    }
  }

  async closeSubscription(classId: string, userId: string, subscriptionId: string): Promise<void> {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription || subscription.classId !== classId || subscription.userId !== userId) return;
    this.subscriptions.delete(subscriptionId);
    await subscription.session.close();
  }

  /**
   * Closes the class's room (the packager notices the class ended and finishes its playlists), then queues its
   * recording to become a lecture (once: the job id is the class's), on the class's node.
   */
  async end(classId: string): Promise<void> {
    const room = (await this.classes.liveState(classId))?.janusRoom;
    if (room && this.engine.nodes.length > 0) {
      // The educator's session may be gone (OBS ended its publish with DELETE): a short-lived one destroys the room.
      const educator = this.publishers.get(classId)?.get('educator')?.session;
      const session = educator ?? (await JanusSession.open(await this.janusUrlOf(classId)).catch(() => null));
      await session?.request({ request: 'destroy', room }).catch((error: Error) => this.logger.warn(`room of ${classId} not destroyed: ${error.message}`));
      if (!educator) await session?.close();
    }
    await this.closeClass(classId);
    const recordings = this.config.JANUS_RECORDINGS_DIR;
    if (!recordings) return;
    // A short delay lets Janus close its recording files after the room is gone.
    const data: RecordLiveClassData = { classId, recordingsDir: path.join(recordings, classId) };
    await (await this.liveQueueOf(classId)).add(LiveJob.Record, data, { jobId: `record|${classId}`, delay: 2_000, attempts: 3, backoff: { type: 'exponential', delay: 5_000 } });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.publishers.keys()].map((classId) => this.closeClass(classId)));
    await Promise.all([...this.nodeQueues.values()].map((queue) => queue.close()));
  }

  private async closeClass(classId: string): Promise<void> {
    await this.unpublish(classId, 'stage');
    await this.unpublish(classId, 'educator');
    this.publishers.delete(classId);
    await this.mixers.get(classId)?.close();
    this.mixers.delete(classId);
    for (const [id, subscription] of this.subscriptions) {
      if (subscription.classId !== classId) continue;
      this.subscriptions.delete(id);
      await subscription.session.close();
    }
  }

  private feeds(classId: string): Map<LiveFeed, Publisher> {
    const feeds = this.publishers.get(classId) ?? new Map<LiveFeed, Publisher>();
    this.publishers.set(classId, feeds);
    return feeds;
  }

  /** The Janus node the class runs on (placed at Start); 503 when there is none. */
  private async janusUrlOf(classId: string): Promise<string> {
    if (this.engine.nodes.length === 0) throw new ServiceUnavailableException(LIVE_UNAVAILABLE_MESSAGE);
    return (await this.engine.nodeOf(classId)).url;
  }

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

  private async liveQueueOf(classId: string): Promise<Queue<LivePackageData | RecordLiveClassData>> {
    return this.queueOf((await this.classes.janusNode(classId)) ?? LOCAL_NODE);
  }

  /** The class's packager job while it runs (its data: ports and codec), or null. */
  private async runningPackager(classId: string): Promise<Job<LivePackageData> | null> {
    const existing = await (await this.liveQueueOf(classId)).getJob(`live|${classId}`);
    return existing && !(await existing.isCompleted()) && !(await existing.isFailed()) ? (existing as Job<LivePackageData>) : null;
  }

  private async createRoom(session: JanusSession, room: number, classId: string): Promise<void> {
    const recordings = this.config.JANUS_RECORDINGS_DIR;
    try {
      await session.request({
        // Two publishers: the educator and the learner on stage. VP8 from browsers, H.264 from OBS (WHIP).
        request: 'create', room, description: `class ${classId}`, publishers: 2, is_private: true, permanent: false,
        audiocodec: 'opus', videocodec: 'vp8,h264', bitrate: 1_500_000, fir_freq: 1,
        ...(recordings ? { record: true, rec_dir: path.join(recordings, classId) } : {}),
      });
    } catch (error) {
      if (!(error instanceof JanusError) || !error.message.includes(String(ROOM_EXISTS)) && !/already exists/i.test(error.message)) throw error;
    }
  }

  /**
   * Sends the educator's video to the class's packager job (one per class: its id is the class's), and their audio
   * through the class's audio bridge, whose mix (the educator and the learner on stage) goes to the packager. Without
   * the bridge (a Janus without the AudioBridge plugin) the audio goes straight to the packager, and the stage is
   * not heard in the HLS.
   */
  private async forward(session: JanusSession, room: number, publisher: Publisher, classId: string, answerSdp: string): Promise<void> {
    const media = sdpMedia(answerSdp);
    const queue = await this.liveQueueOf(classId);
    const running = await this.runningPackager(classId);
    const ports = running?.data ?? null;
    const { audioPort, videoPort } = ports ?? forwardPorts();
    if (!ports) {
      await (await queue.getJob(`live|${classId}`))?.remove().catch(() => undefined);
      const prefix = `live/${classId}/${Date.now().toString(36)}/`;
      const data: LivePackageData = { classId, audioPort, videoPort, prefix, videoCodec: media.videoCodec ?? 'vp8' };
      await queue.add(LiveJob.Package, data, { jobId: `live|${classId}`, attempts: 5, backoff: { type: 'fixed', delay: 1000 } });
      await this.classes.setLivePrefix(classId, prefix);
    }
    let audioTarget = { host: '127.0.0.1', port: audioPort };
    try {
      await this.mixers.get(classId)?.close();
      const mixer = await LiveMixer.open(await this.janusUrlOf(classId), room, audioPort);
      this.mixers.set(classId, mixer);
      publisher.mixerInput = await mixer.input('educator');
      audioTarget = { host: publisher.mixerInput.host, port: publisher.mixerInput.port };
    } catch (error) {
      this.mixers.delete(classId);
      this.logger.warn(`class ${classId}: no audio bridge (${(error as Error).message}); the stage will not be heard in the HLS`);
    }
    const streams = [
      ...(media.audioMid !== null ? [{ mid: media.audioMid, host: audioTarget.host, port: audioTarget.port, pt: FORWARD_AUDIO_PT }] : []),
      ...(media.videoMid !== null ? [{ mid: media.videoMid, port: videoPort, pt: FORWARD_VIDEO_PT }] : []),
    ];
    await session.request({ request: 'rtp_forward', room, publisher_id: publisher.feedId, host: '127.0.0.1', host_family: 'ipv4', streams });
    // The running packager reads the new publisher's stream with a fresh ffmpeg (see package-live-class.job.ts).
    if (running) await running.updateData({ ...running.data, publishedAt: Date.now() }).catch((error: Error) => this.logger.warn(`class ${classId}: packager not told of the new publish: ${error.message}`));
  }
}
