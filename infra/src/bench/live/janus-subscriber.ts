// Subscribing to a class's Janus feed the way a speaker's browser would, for the live benchmarks: the Janus HTTP
// API driven from Node (session, video room handle, subscriber join, start with the answer), the answer made by
// whatever peer connection the caller has (Chromium or werift).
import { randomBytes } from 'node:crypto';

interface JanusReply {
  janus: string;
  data?: { id?: number };
  plugindata?: { data?: Record<string, unknown> };
  jsep?: { type: string; sdp: string };
  error?: { code: number; reason: string };
}

async function post(url: string, body: Record<string, unknown>): Promise<JanusReply> {
  const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, transaction: randomBytes(6).toString('hex') }), signal: AbortSignal.timeout(15_000) });
  const reply = (await answer.json()) as JanusReply;
  if (reply.janus === 'error') throw new Error(`Janus: ${reply.error?.reason ?? 'error'}`);
  return reply;
}

/** The publisher of a class's room (the educator), or null while nobody publishes. */
export async function roomPublisher(janusUrl: string, room: number): Promise<number | null> {
  const session = await post(janusUrl, { janus: 'create' });
  const sessionUrl = `${janusUrl}/${session.data!.id}`;
  try {
    const handle = await post(sessionUrl, { janus: 'attach', plugin: 'janus.plugin.videoroom' });
    const reply = await post(`${sessionUrl}/${handle.data!.id}`, { janus: 'message', body: { request: 'listparticipants', room } });
    const participants = (reply.plugindata?.data?.participants ?? []) as { id: number; publisher: boolean }[];
    return participants.find((participant) => participant.publisher)?.id ?? null;
  } finally {
    await post(sessionUrl, { janus: 'destroy' }).catch(() => undefined);
  }
}

export interface JanusSubscription {
  /** Stops the keep-alive and destroys the session (Janus hangs up the peer connection). */
  close(): Promise<void>;
}

/**
 * Joins the room as a subscriber of `feed`; `answer` turns Janus's SDP offer into the subscriber's answer (with its
 * candidates in it). Keeps the session alive until closed.
 */
export async function subscribe(janusUrl: string, room: number, feed: number, answer: (offerSdp: string) => Promise<string>): Promise<JanusSubscription> {
  const session = await post(janusUrl, { janus: 'create' });
  const sessionUrl = `${janusUrl}/${session.data!.id}`;
  const handle = await post(sessionUrl, { janus: 'attach', plugin: 'janus.plugin.videoroom' });
  const handleUrl = `${sessionUrl}/${handle.data!.id}`;
  await post(handleUrl, { janus: 'message', body: { request: 'join', ptype: 'subscriber', room, streams: [{ feed }] } });
  // The offer comes as an event on the session's long poll.
  let offer: string | null = null;
  const deadline = Date.now() + 20_000;
  while (!offer && Date.now() < deadline) {
    const events = (await (await fetch(`${sessionUrl}?maxev=5&rid=${Date.now()}`, { signal: AbortSignal.timeout(35_000) })).json()) as JanusReply | JanusReply[];
    for (const event of Array.isArray(events) ? events : [events]) {
      if (event.janus === 'event' && event.plugindata?.data?.error) throw new Error(`Janus: ${String(event.plugindata.data.error)}`);
      if (event.jsep?.type === 'offer') offer = event.jsep.sdp;
    }
  }
  if (!offer) throw new Error('Janus sent no subscriber offer within 20 s');
  const sdp = await answer(offer);
  await post(handleUrl, { janus: 'message', body: { request: 'start' }, jsep: { type: 'answer', sdp } });
  const keepAlive = setInterval(() => void post(sessionUrl, { janus: 'keepalive' }).catch(() => undefined), 15_000);
  return {
    close: async () => {
      clearInterval(keepAlive);
      await post(sessionUrl, { janus: 'destroy' }).catch(() => undefined);
    },
  };
}
