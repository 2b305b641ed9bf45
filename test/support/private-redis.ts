import { type ChildProcess, spawn } from 'node:child_process';
import { loopbackPorts } from './loopback-ports.js';
import { exited } from './processes.js';

/**
 * A Redis of the test's own on a free port, with nothing on disk, so a test can stop, freeze or kill it
 * without disturbing the shared one.
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  readonly port = loopbackPorts(1)[0];
  readonly url = `redis://127.0.0.1:${this.port}`;

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 50; i++) {
      if (await this.answers()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('private redis-server did not start');
  }

  /** Stops answering without closing connections (a hung server): SIGSTOP. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.child?.kill('SIGCONT');
  }

  /** Gone, with everything it held. */
  async kill(): Promise<void> {
    if (!this.child) return;
    this.child.kill('SIGCONT');
    this.child.kill('SIGKILL');
    await exited(this.child);
    this.child = null;
  }

  private answers(): Promise<boolean> {
    return new Promise<boolean>((r) => {
      const p = spawn('redis-cli', ['-p', String(this.port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      p.stdout.on('data', (d) => (out += d));
      p.on('close', () => r(out.includes('PONG')));
    });
  }
}
