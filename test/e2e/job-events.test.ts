import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Driver, FIXTURE_PIPELINES, type Harness, pollJob, startHarness } from '../support/harness.js';

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

/** Three steps one after another, 0.3 s each: every step's end is a progress change a client should see. */
const STAGES = `path: /stages
summary: Three steps in a row (event stream test)
price_usd: "0.01"
estimated_seconds: 2
request: { type: object }
result: { type: object }
steps:
  - { id: one, uses: sleep, with: { seconds: 0.3 } }
  - { id: two, uses: sleep, when: "{{steps.one.ended_at}}", with: { seconds: 0.3 } }
  - { id: three, uses: sleep, when: "{{steps.two.ended_at}}", with: { seconds: 0.3 } }
output: "{{steps.three}}"
`;

/** The test pipelines and STAGES, in a folder of their own. */
function pipelinesWithStages(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidint-events-'));
  for (const f of fs.readdirSync(FIXTURE_PIPELINES)) fs.copyFileSync(path.join(FIXTURE_PIPELINES, f), path.join(dir, f));
  fs.writeFileSync(path.join(dir, 'stages.yaml'), STAGES);
  return dir;
}

for (const driver of ['memory', 'bullmq'] as Driver[]) {
  describe(`GET /jobs/{id}/events (${driver} store)`, () => {
    let h: Harness;
    let dir: string;
    before(async () => {
      dir = pipelinesWithStages();
      h = await startHarness({ driver, env: { PIPELINES_DIR: dir, SSE_MAX_STREAMS: '3' } });
    });
    after(async () => {
      await h?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
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

    it('pushes every change as it is written: each of three steps in a row is seen ending', async () => {
      const { id } = await accept('/stages', {});
      const { events } = await readEvents(`${h.url}/jobs/${id}/events`);
      const done = events.filter((e) => e.event === 'progress').map((e) => e.data.steps_done);
      assert.deepEqual(
        [...new Set(done)].filter((n) => n > 0),
        [1, 2, 3],
        `progress seen: ${JSON.stringify(done)}`,
      );
      assert.equal(events.at(-1)!.event, 'complete');
    });

    it('keeps at most SSE_MAX_STREAMS open: one more is 503 with Retry-After, and a closed one frees its place', async () => {
      const { id } = await accept('/echo', { text: 'long', pause: 5 });
      const streams = Array.from({ length: 3 }, () => new AbortController());
      const opened = await Promise.all(streams.map((c) => fetch(`${h.url}/jobs/${id}/events`, { signal: c.signal })));
      assert.deepEqual(
        opened.map((r) => r.status),
        [200, 200, 200],
      );
      const refused = await fetch(`${h.url}/jobs/${id}/events`);
      assert.equal(refused.status, 503);
      assert.equal(refused.headers.get('retry-after'), '5');
      assert.match(((await refused.json()) as any).error, /too many event streams/);
      streams[0].abort();
      await new Promise((r) => setTimeout(r, 200)); // the server sees the client go
      const again = new AbortController();
      assert.equal((await fetch(`${h.url}/jobs/${id}/events`, { signal: again.signal })).status, 200);
      for (const c of [...streams, again]) c.abort();
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
