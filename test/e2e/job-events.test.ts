import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Driver, type Harness, pollJob, startHarness } from '../support/harness.js';

interface ServerEvent {
  event: string;
  data: any;
}

/** Reads a whole server-sent-events stream as a browser's EventSource would parse it (event and data lines). */
async function readEvents(url: string, headers: Record<string, string> = {}): Promise<{ res: Response; events: ServerEvent[] }> {
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: AbortSignal.timeout(20_000) });
  const events: ServerEvent[] = [];
  if (!res.body) return { res, events };
  let buffer = '';
  for await (const chunk of res.body.pipeThrough(new TextDecoderStream())) {
    buffer += chunk;
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? ''; // an event not yet complete
    for (const block of blocks) {
      const field = (name: string) =>
        block
          .split('\n')
          .find((l) => l.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      const event = field('event');
      if (event) events.push({ event, data: JSON.parse(field('data') ?? 'null') });
    }
  }
  return { res, events };
}

for (const driver of ['memory', 'bullmq'] as Driver[]) {
  describe(`GET /jobs/{id}/events (${driver} store)`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ driver });
    });
    after(() => h?.close());
    const accept = (path: string, request: Record<string, unknown>) =>
      h.rt.jobs.accept({ pipeline: h.rt.pipelines.byPath(path)!, request, receipt: null });

    it('streams progress as the steps run, then the final envelope, then ends', async () => {
      const { id } = await accept('/echo', { text: 'stream', pause: 1.2, shout: true });
      const { res, events } = await readEvents(`${h.url}/jobs/${id}/events`, { origin: 'https://agent.example' });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      const progress = events.filter((e) => e.event === 'progress').map((e) => e.data);
      assert.ok(
        progress.some((p) => p.step && p.steps_total === 4),
        `a running step was shown: ${JSON.stringify(progress)}`,
      );
      for (let i = 1; i < progress.length; i++) assert.ok(progress[i].steps_done >= progress[i - 1].steps_done, 'progress never goes back');
      assert.deepEqual(
        events.slice(0, -1).map((e) => e.event),
        progress.map(() => 'progress'),
        'only progress before the end',
      );
      const last = events.at(-1)!;
      assert.equal(last.event, 'complete');
      assert.deepEqual(last.data, await pollJob(h.url, id), 'the final event carries the envelope GET /jobs/{id} shows');
      assert.equal(last.data.result.shouted, 'hello stream!');
    });

    it('ends a failed job with event: failed and its error', async () => {
      const { id } = await accept('/failing', { message: 'broken on purpose' });
      const { events } = await readEvents(`${h.url}/jobs/${id}/events`);
      assert.equal(events.at(-1)!.event, 'failed');
      assert.match(events.at(-1)!.data.error, /broken on purpose/);
    });

    it('answers a job that has already finished with its final event at once', async () => {
      const { id } = await accept('/echo', { text: 'done' });
      await pollJob(h.url, id);
      const started = Date.now();
      const { events } = await readEvents(`${h.url}/jobs/${id}/events`);
      assert.deepEqual(
        events.map((e) => e.event),
        ['complete'],
      );
      assert.ok(Date.now() - started < 400, 'no wait for a finished job');
    });

    it('is 404 JSON for an unknown or malformed id', async () => {
      for (const id of ['6f1c1b8e-8e7a-4c4e-9a5e-2f1d3c4b5a69', 'not-a-job']) {
        const res = await fetch(`${h.url}/jobs/${id}/events`);
        assert.equal(res.status, 404);
        assert.match(((await res.json()) as any).error, /not found/);
      }
    });
  });
}
