import net from 'node:net';

/**
 * A TCP proxy in front of a real server (the machine's Redis or PostgreSQL) that a test can PAUSE: connections stay
 * open but nothing is forwarded either way, exactly like a server that stops answering (a stalled Redis, a frozen
 * VM, a network partition), then RESUME; or DROP: every connection is cut and new ones refused until `resume()`
 * (a server that went away). The real server is never touched, so other tests sharing it are unaffected.
 */
export class PausableTcpProxy {
  private readonly sockets = new Set<net.Socket>();
  /** Bytes read while paused, per destination, delivered in order on resume so the protocol stays intact. */
  private readonly held = new Map<net.Socket, Buffer[]>();
  private paused = false;
  private dropped = false;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }, listenPort = 0): Promise<PausableTcpProxy> {
    const holder: { proxy?: PausableTcpProxy } = {};
    const server = net.createServer((client) => holder.proxy!.accept(client, target));
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(listenPort, '127.0.0.1', () => resolve()));
    holder.proxy = new PausableTcpProxy(server, (server.address() as net.AddressInfo).port);
    return holder.proxy;
  }

  /** `redis://127.0.0.1:<proxy port>/…` for a `redis://host:port/…` URL (path and credentials kept). */
  rewrite(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.href;
  }

  private accept(client: net.Socket, target: { host: string; port: number }): void {
    if (this.dropped) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    this.forward(client, upstream);
    this.forward(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  private forward(from: net.Socket, to: net.Socket): void {
    this.held.set(to, []);
    from.on('data', (chunk: Buffer) => {
      if (this.paused) this.held.get(to)!.push(chunk);
      else to.write(chunk);
    });
    to.on('close', () => this.held.delete(to));
  }

  /** Stops forwarding on every connection, present and future: commands are sent and never answered. */
  pause(): void {
    this.paused = true;
  }

  /** Cuts every connection and refuses new ones (the server is gone). */
  drop(): void {
    this.dropped = true;
    for (const socket of this.sockets) socket.destroy();
  }

  /** Forwards again (after `pause`) and accepts connections again (after `drop`). */
  resume(): void {
    this.paused = false;
    this.dropped = false;
    for (const [socket, chunks] of this.held) {
      for (const chunk of chunks.splice(0)) if (!socket.destroyed) socket.write(chunk);
    }
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
