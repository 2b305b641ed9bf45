import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FIXTURE_PIPELINES, type Harness, pollJob, postJson, ROOT, startHarness } from '../support/harness.js';
import { type OpenAiServer, startOpenAiServer } from '../support/openai-server.js';

/** The watcher reads a file once it stopped growing (100 ms) and debounces bursts (50 ms): give it a moment. */
const SETTLE_MS = 700;
const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));

/** Blocks this process's event loop (the service runs in it), as CPU work on the main thread does. */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

const GREET_PIPELINE = `path: /greet
summary: Greets through the model (hot-reload test)
price_usd: "0.01"
estimated_seconds: 5
request: { type: object, required: [name], properties: { name: { type: string } } }
result: { type: object }
steps:
  - id: answer
    uses: prompt
    with: { template: greet, schema: results/greet.json, input: { name: "{{request.name}}" } }
output: "{{steps.answer}}"
`;

/** A private copy of the test pipelines, the shipped schemas and a prompted pipeline of its own, to edit. */
function workingCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidint-watch-'));
  fs.cpSync(FIXTURE_PIPELINES, path.join(dir, 'pipelines'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'pipelines', 'greet.yaml'), GREET_PIPELINE);
  fs.mkdirSync(path.join(dir, 'prompts'));
  fs.writeFileSync(path.join(dir, 'prompts', 'greet.hbs'), 'Say hello to {{name}}.\n');
  fs.cpSync(path.join(ROOT, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  const greetSchema = { type: 'object', required: ['reply'], properties: { reply: { type: 'string' } } };
  fs.writeFileSync(path.join(dir, 'schemas', 'results', 'greet.json'), JSON.stringify(greetSchema));
  fs.mkdirSync(path.join(dir, 'knowledge'));
  return dir;
}

/** WATCH=true on the working copy, with the local OpenAI-protocol server as the model. */
function watchingEnv(dir: string, modelUrl: string): Record<string, string> {
  return {
    WATCH: 'true',
    PIPELINES_DIR: path.join(dir, 'pipelines'),
    SCHEMAS_DIR: path.join(dir, 'schemas'),
    PROMPTS_DIR: path.join(dir, 'prompts'),
    KNOWLEDGE_DIR: path.join(dir, 'knowledge'),
    LLM_PROVIDER: 'openai-compatible',
    LLM_MODEL: 'test-model',
    LLM_BASE_URL: modelUrl,
    ADMIN_TOKEN: 'operator-token-for-watch-tests-0123',
  };
}

/** A running service with WATCH=true on a private copy of the fixtures: edits under it are picked up live. */
describe('hot reload (WATCH=true)', () => {
  let h: Harness;
  let ai: OpenAiServer;
  let dir: string;
  const file = (...parts: string[]) => path.join(dir, ...parts);
  const edit = (rel: string, change: (text: string) => string) => fs.writeFileSync(file(rel), change(fs.readFileSync(file(rel), 'utf8')));
  const run = async (route: string, request: Record<string, unknown>) => {
    const pipeline = h.rt.pipelines.byPath(route);
    assert.ok(pipeline, `no pipeline ${route}`);
    return pollJob(h.url, (await h.rt.jobs.accept({ pipeline, request, receipt: null, affiliateId: null })).id);
  };
  const openapiSummary = async (route: string) => ((await (await fetch(`${h.url}/openapi.json`)).json()) as any).paths[route].post.summary;
  /** The route's answer to an unpaid POST once it is `status`, or its last answer after 15 s (a reload of every pipeline is slow on a loaded machine). */
  const answerOf = async (route: string, status: number) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const res = await postJson(`${h.url}${route}`, { seconds: 0 });
      if (res.status === status || Date.now() > deadline) return res;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const lastPrompt = () => JSON.stringify(ai.chatRequests.at(-1).messages);

  before(async () => {
    dir = workingCopy();
    ai = await startOpenAiServer();
    ai.answers = [{ json: { reply: 'ok' } }];
    h = await startHarness({ env: watchingEnv(dir, ai.url) });
  });
  after(async () => {
    await h?.close();
    await ai?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a saved prompt template is used by the next job; a broken one keeps the previous version', async () => {
    assert.equal((await run('/greet', { name: 'Ada' })).status, 'complete');
    assert.match(lastPrompt(), /Say hello to Ada\./);

    fs.writeFileSync(file('prompts', 'greet.hbs'), 'Say goodbye to {{name}}.\n');
    await settle();
    assert.equal((await run('/greet', { name: 'Ada' })).status, 'complete');
    assert.match(lastPrompt(), /Say goodbye to Ada\./);

    fs.writeFileSync(file('prompts', 'greet.hbs'), 'Say {{#if name}} to {{name}}.\n'); // unclosed block
    await settle();
    const job = await run('/greet', { name: 'Bob' });
    assert.equal(job.status, 'complete', job.error);
    assert.match(lastPrompt(), /Say goodbye to Bob\./);
  });

  it("an editor's atomic save (a temporary file renamed over the template) is picked up like any save", async () => {
    const temp = file('prompts', '.greet.hbs.swp');
    fs.writeFileSync(temp, 'Say welcome to {{name}}.\n');
    fs.renameSync(temp, file('prompts', 'greet.hbs'));
    await settle();
    assert.equal((await run('/greet', { name: 'Cy' })).status, 'complete');
    assert.match(lastPrompt(), /Say welcome to Cy\./);
  });

  it("a saved result schema is what the next job's answer is checked against; unreadable JSON keeps the previous one", async () => {
    const schema = file('schemas', 'results', 'greet.json');
    const original = fs.readFileSync(schema, 'utf8');
    fs.writeFileSync(schema, '{ "type": "object", "required": ["reply", "mood"] '); // cut short
    await settle();
    assert.equal((await run('/greet', { name: 'Cy' })).status, 'complete');

    fs.writeFileSync(schema, JSON.stringify({ type: 'object', required: ['reply', 'mood'], properties: { reply: { type: 'string' } } }));
    await settle();
    const job = await run('/greet', { name: 'Cy' });
    assert.equal(job.status, 'failed');
    assert.match(job.error, /mood/);
    fs.writeFileSync(schema, original);
    await settle();
  });

  it('a saved pipeline changes the next job and /openapi.json; a broken one keeps the previous version', async () => {
    assert.equal((await run('/echo', { text: 'x' })).result.greeting, 'hello x');
    edit('pipelines/echo.yaml', (t) =>
      t
        .replace('hello {{request.text}}', 'howdy {{request.text}}')
        .replace('Echoes its input back', 'Echoes, edited live')
        .replace('price_usd: "0.01"', 'price_usd: "0.02"'),
    );
    await settle();
    assert.equal(await openapiSummary('/echo'), 'Echoes, edited live (test fixture)');
    const edited = await run('/echo', { text: 'x' });
    assert.equal(edited.result.greeting, 'howdy x');
    assert.equal(edited.cost_usd, 0.02);

    edit('pipelines/echo.yaml', (t) => t.replace('howdy {{request.text}}', 'bye {{steps.nowhere.value}}').replace('edited live', 'broken'));
    await settle();
    assert.equal(await openapiSummary('/echo'), 'Echoes, edited live (test fixture)');
    assert.equal((await run('/echo', { text: 'y' })).result.greeting, 'howdy y');
    // A paid route looks its pipeline up per request: its 402 asks the edited price.
    const unpaid = await fetch(`${h.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"z"}' });
    assert.equal(unpaid.status, 402);
    assert.equal(((await unpaid.json()) as any).accepts[0].maxAmountRequired, '20000');
  });

  it('a pipeline file removed while the event loop is busy stops its route (404), and one put back serves it again', async () => {
    // Every pipeline must load for a reload to apply: the test before left /echo broken.
    fs.copyFileSync(path.join(FIXTURE_PIPELINES, 'echo.yaml'), file('pipelines', 'echo.yaml'));
    const slow = fs.readFileSync(file('pipelines', 'slow.yaml'), 'utf8');
    fs.unlinkSync(file('pipelines', 'slow.yaml'));
    busy(1500);
    const removed = await answerOf('/slow', 404);
    assert.equal(removed.status, 404, removed.text);
    assert.match(removed.json.error, /no longer served/);

    fs.writeFileSync(file('pipelines', 'slow.yaml'), slow);
    busy(1500);
    assert.equal((await answerOf('/slow', 402)).status, 402);
  });

  it('the queue dashboard is off (JSON 404) without Redis, even with ADMIN_TOKEN', async () => {
    const res = await fetch(`${h.url}/admin/queues`, { headers: { authorization: `Bearer ${h.env.ADMIN_TOKEN}` } });
    assert.equal(res.status, 404);
    assert.ok(((await res.json()) as any).error);
  });
});
