// Reads a server-sent event stream with fetch rather than EventSource: EventSource cannot send the Authorization
// header, and putting the access token in the URL would leave it in proxy logs.

export interface StreamEvent {
  event: string;
  data: string;
}

/** Splits a text/event-stream body into events (`event:` and `data:` lines; comments and `retry:` are skipped). */
export function createEventParser(onEvent: (event: StreamEvent) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) onEvent({ event, data: data.join('\n') });
      end = buffer.indexOf('\n\n');
    }
  };
}

/**
 * Opens the stream with the bearer token and calls `onEvent` for each event until `signal` aborts or the server
 * ends it. Rejects on a refused answer (with its status) or a dropped connection: the caller reconnects.
 */
export async function readEventStream(url: string, token: string, onEvent: (event: StreamEvent) => void, signal: AbortSignal): Promise<void> {
  const response = await fetch(url, { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` }, signal, cache: 'no-store' });
  if (!response.ok || !response.body) throw Object.assign(new Error(`stream refused (HTTP ${response.status})`), { status: response.status });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parse = createEventParser(onEvent);
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    parse(decoder.decode(value, { stream: true }));
  }
}
