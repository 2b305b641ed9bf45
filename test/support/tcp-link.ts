import net from 'node:net';

/**
 * A TCP relay to `target` on a free loopback port, which a test can cut like a network partition: `partition()`
 * silently drops every byte both ways on the open connections (they stay open, as across a broken switch).
 * Upstream closing closes the downstream side too.
 */
export class TcpLink {
  private readonly server = net.createServer((client) => this.relay(client));
  /** Set by partition(): from then on nothing crosses. */
  private partitioned = false;
  /** Where to connect instead of `target`. */
  port = 0;

  constructor(private readonly target: number) {}

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  partition(): void {
    this.partitioned = true;
  }

  close(): void {
    for (const s of this.sockets) s.destroy();
    this.server.close();
  }

  private readonly sockets = new Set<net.Socket>();

  private relay(client: net.Socket): void {
    const upstream = net.connect(this.target, '127.0.0.1');
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(from);
      from.on('data', (chunk) => {
        if (!this.partitioned) to.write(chunk);
      });
      from.on('close', () => to.destroy());
      from.on('error', () => to.destroy());
    }
  }
}
