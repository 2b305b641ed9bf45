import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { paidPost } from '../support/devnet.js';
import { type Harness, pollJob, startHarness } from '../support/harness.js';
import { waitFor } from '../support/wait-for.js';

/** The echo fixture's own `estimated_seconds`: what clients are told until a job of it has been measured. */
const YAML_SECONDS = 5;

/** What clients are told a job takes comes from the jobs that took it: the 202, the discovery documents, MCP. */
describe('typical completion times, measured (bullmq driver)', () => {
  let h: Harness;
  const agentsSeconds = async () =>
    ((await (await fetch(`${h.url}/agents.json`)).json()) as any).skills.find((e: any) => e.path === '/echo')?.estimated_seconds;

  before(async () => {
    h = await startHarness({ driver: 'bullmq' });
  });
  after(() => h.close());

  it('says the pipeline estimate until a job is measured, then the measured median everywhere', async () => {
    const first = await paidPost(h, '/echo', { text: 'timed', pause: 0.5 });
    assert.equal(first.status, 202, first.text);
    assert.equal(first.json.estimated_completion_seconds, YAML_SECONDS);
    const job = await pollJob(h.url, first.json.job_id);
    assert.equal(job.status, 'complete');
    const measured = Math.ceil((job.completed_at - job.created_at) / 1000);
    assert.ok(measured < YAML_SECONDS, `the echo job took ${measured} s`);

    // Each process reads the shared durations again within seconds of a change.
    let told = YAML_SECONDS;
    await waitFor(async () => (told = await agentsSeconds()) !== YAML_SECONDS, 'agents.json to say the measured time', 20_000);
    assert.ok(told >= measured && told <= measured + 1, `agents.json says ${told} s for a job that took ${measured} s`);
    const landing = await (await fetch(`${h.url}/`)).text();
    assert.match(landing, new RegExp(`~${told} s`));
    const llms = await (await fetch(`${h.url}/llms.txt`)).text();
    assert.match(llms, new RegExp(`/echo: .* about ${told} s\\.`));

    const second = await paidPost(h, '/echo', { text: 'timed again', pause: 0.5 });
    assert.equal(second.status, 202, second.text);
    assert.equal(second.json.estimated_completion_seconds, told);
  });
});
