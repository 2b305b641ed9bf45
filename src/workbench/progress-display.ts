import type { StepEvent } from '../pipelines/pipeline-runner.js';

const SPINNER = ['|', '/', '-', '\\'];

/**
 * Live progress of a local run on stderr (stdout stays the result). On a terminal: a finished line per
 * step and one status line, redrawn, naming the steps running and the time; otherwise plain lines.
 */
export class ProgressDisplay {
  private readonly running = new Map<string, number>();
  private readonly started = Date.now();
  private timer: NodeJS.Timeout | null = null;
  private frame = 0;

  constructor(
    private readonly out: NodeJS.WriteStream = process.stderr,
    private readonly live = out.isTTY === true,
  ) {}

  onStep = (event: StepEvent): void => {
    if (event.state === 'started') {
      this.running.set(event.step, Date.now());
      if (!this.live) this.out.write(`step ${event.step} (${event.uses}) started\n`);
      else this.timer ??= setInterval(() => this.redraw(), 200);
      return;
    }
    this.running.delete(event.step);
    const seconds = `${((event.ms ?? 0) / 1000).toFixed(1)} s`;
    const mark = event.state === 'done' ? 'ok  ' : event.state === 'skipped' ? 'skip' : 'FAIL';
    const why = event.error ? `: ${event.error}` : '';
    this.line(`${mark} ${event.step.padEnd(14)} ${event.uses.padEnd(16)} ${seconds.padStart(8)}${why}`);
  };

  /** Ends the display: clears the status line. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.live) this.out.write('\r\x1b[K');
  }

  private line(text: string): void {
    if (this.live) this.out.write('\r\x1b[K');
    this.out.write(`${text}\n`);
    if (this.live) this.redraw();
  }

  private redraw(): void {
    if (!this.live) return;
    const elapsed = ((Date.now() - this.started) / 1000).toFixed(1);
    const steps = [...this.running.keys()].join(', ');
    this.frame = (this.frame + 1) % SPINNER.length;
    this.out.write(`\r\x1b[K${SPINNER[this.frame]} ${steps ? `running ${steps}` : 'finishing'}  ${elapsed} s`);
  }
}
