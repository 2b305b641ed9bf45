import net from 'node:net';

/**
 * A TCP relay to `target` on a free loopback port, which a test can cut like a network partition: `partition()`
 * silently drops every byte both ways on the open connections (they stay open, as across a broken switch).
 * `lateAnswer()` holds back the answers on one connection, as a stalled client or network does.
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

  /**
   * Once: the next request sent upstream that `matches` (its bytes, as text) is delivered at once, but its answer
   * and every later one on its connection reach the client `ms` late, in order: the command lands, its sender
   * times out. Resolves when that request was seen.
   */
  lateAnswer(matches: (sent: string) => boolean, ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.late = { matches, ms, seen: resolve };
    });
  }

  private late: { matches: (sent: string) => boolean; ms: number; seen: () => void } | null = null;

  close(): void {
    for (const s of this.sockets) s.destroy();
    this.server.close();
  }

  private readonly sockets = new Set<net.Socket>();

  private relay(client: net.Socket): void {
    const upstream = net.connect(this.target, '127.0.0.1');
    // Answers held back on this connection, and until when.
    const held: Buffer[] = [];
    let heldUntil = 0;
    const answer = (chunk: Buffer) => {
      if (held.length || Date.now() < heldUntil) held.push(chunk);
      else client.write(chunk);
    };
    const holdAnswers = (ms: number) => {
      heldUntil = Date.now() + ms;
      setTimeout(() => {
        for (const chunk of held.splice(0)) client.write(chunk);
      }, ms);
    };
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(from);
      from.on('data', (chunk: Buffer) => {
        if (this.partitioned) return;
        if (from === upstream) return answer(chunk);
        const late = this.late;
        if (late?.matches(chunk.toString('latin1'))) {
          this.late = null;
          holdAnswers(late.ms);
          late.seen();
        }
        to.write(chunk);
      });
      from.on('close', () => to.destroy());
      from.on('error', () => to.destroy());
    }
  }
}
