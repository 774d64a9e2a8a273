import { randomBytes } from 'node:crypto';

/** An answer of Janus's HTTP API (the fields we read). */
interface JanusAnswer {
  janus: string;
  transaction?: string;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> & { error?: string; error_code?: number } };
  jsep?: { type: string; sdp: string };
  sender?: number;
}

export class JanusError extends Error {
  override name = 'JanusError';
}

const transaction = () => randomBytes(8).toString('hex');
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The part of Janus's HTTP API the live classes use: a session with one video room handle. Requests a plugin
 * answers later (a publisher's join with its SDP offer) are read from the session's long poll.
 */
export class JanusSession {
  private keepAlive: NodeJS.Timeout | undefined;

  private constructor(
    private readonly baseUrl: string,
    readonly sessionId: number,
    readonly handleId: number,
  ) {}

  static async open(baseUrl: string, plugin = 'janus.plugin.videoroom'): Promise<JanusSession> {
    const session = await post(baseUrl, { janus: 'create' });
    const sessionId = session.data!.id;
    const handle = await post(`${baseUrl}/${sessionId}`, { janus: 'attach', plugin });
    const opened = new JanusSession(baseUrl, sessionId, handle.data!.id);
    // Janus drops a session silent for 60 s; the class's session lives as long as the class.
    opened.keepAlive = setInterval(() => void post(`${baseUrl}/${sessionId}`, { janus: 'keepalive' }).catch(() => undefined), 25_000);
    opened.keepAlive.unref();
    return opened;
  }

  /** A request the video room answers at once (create, rtp_forward, destroy…): its `plugindata.data`. */
  async request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const answer = await post(`${this.baseUrl}/${this.sessionId}/${this.handleId}`, { janus: 'message', body });
    return pluginData(answer);
  }

  /** A request with an SDP offer: waits for the video room's event that carries the answer. */
  async offer(body: Record<string, unknown>, sdp: string): Promise<{ data: Record<string, unknown>; sdp: string }> {
    const answer = await this.message(body, { type: 'offer', sdp });
    if (!answer.sdp) throw new JanusError(`Janus gave no SDP answer: ${JSON.stringify(answer.data)}`);
    return { data: answer.data, sdp: answer.sdp };
  }

  /**
   * A request the plugin answers later (a join, a subscriber's offer, a subscriber's answer): waits for its event,
   * with the SDP it carries if any.
   */
  async message(body: Record<string, unknown>, jsep?: { type: 'offer' | 'answer'; sdp: string }): Promise<{ data: Record<string, unknown>; sdp?: string }> {
    const sent = await post(`${this.baseUrl}/${this.sessionId}/${this.handleId}`, { janus: 'message', body, ...(jsep ? { jsep } : {}) });
    if (sent.janus !== 'ack' && sent.janus !== 'event') throw new JanusError(`Janus refused the request (${sent.janus})`);
    const deadline = Date.now() + REQUEST_TIMEOUT_MS;
    let first: JanusAnswer | undefined = sent.janus === 'event' ? sent : undefined;
    while (Date.now() < deadline) {
      const event = first ?? (await this.poll());
      first = undefined;
      if (!event || event.transaction !== sent.transaction || event.janus !== 'event') continue;
      return { data: pluginData(event), ...(event.jsep ? { sdp: event.jsep.sdp } : {}) };
    }
    throw new JanusError('Janus did not answer in time');
  }

  async close(): Promise<void> {
    clearInterval(this.keepAlive);
    await post(`${this.baseUrl}/${this.sessionId}`, { janus: 'destroy' }).catch(() => undefined);
  }

  private async poll(): Promise<JanusAnswer | undefined> {
    const answer = await fetch(`${this.baseUrl}/${this.sessionId}?maxev=1&rid=${Date.now()}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS + 30_000) });
    const event = (await answer.json()) as JanusAnswer;
    return event.janus === 'keepalive' ? undefined : event;
  }
}

function pluginData(answer: JanusAnswer): Record<string, unknown> {
  const data = answer.plugindata?.data;
  if (!data) throw new JanusError(`Janus answered without plugin data (${answer.janus}${answer.error ? `: ${answer.error.reason}` : ''})`);
  if (data.error) throw new JanusError(`Janus: ${data.error}`);
  return data;
}

async function post(url: string, body: Record<string, unknown>): Promise<JanusAnswer> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, transaction: transaction() }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const parsed = (await answer.json()) as JanusAnswer;
  if (parsed.janus === 'error') throw new JanusError(`Janus: ${parsed.error?.reason ?? 'error'}`);
  return parsed;
}
