import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { paidCall, waitForJob } from '@vidint/client';
import { freePort } from '../devnet/anvil.js';
import { makeSampleClip } from './sample-clip.js';

/**
 * `npm run demo`: the main job end to end on the embedded defaults. Starts the service (memory queue, devnet
 * payments, offline engines), makes a sample clip and serves it, shows the unpaid 402, pays it with the x402
 * client from the devnet's funded key, shows the 202 and the settlement, polls with progress, prints the
 * /analyze result, and stops everything it started. Exits non-zero when any part fails.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const started: Array<() => Promise<void> | void> = [];
const say = (line = '') => console.log(line);
const step = (n: number, title: string) => say(`\n== ${n}. ${title}`);

/** The x402 v1 body of a 402 (the parts shown). */
interface PaymentOffer {
  error: string;
  accepts: Array<{ network: string; maxAmountRequired: string; payTo: string }>;
}
/** GET /devnet's Base chain, which the demo's own devnet service always runs. */
interface DevnetBase {
  base: { chain_id: number; test_payer: { address: string; private_key: `0x${string}` } };
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vidint-demo-'));
  started.push(() => fs.rmSync(work, { recursive: true, force: true }));
  step(1, 'start the service (memory queue, devnet payments, offline engines)');
  const api = await startService(work);
  step(2, 'make a 6-second sample clip and serve it');
  const videoUrl = await serveSampleClip(work);
  step(3, 'POST /analyze without paying: 402 Payment Required');
  await showPaymentRequired(api, videoUrl);
  step(4, "pay with the x402 client from the devnet's funded key (Base)");
  const jobId = await pay(api, videoUrl);
  step(5, 'poll the job');
  const job = await follow(api, jobId);
  step(6, 'the /analyze result');
  say(JSON.stringify(job.result, null, 2));
  say(`\nengines: ${JSON.stringify(job.engines)}`);
  say('\ndemo: everything worked');
}

/** The service on a free port, with the embedded defaults; its URL once healthy. */
async function startService(work: string): Promise<string> {
  const port = await freePort();
  const api = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', REDIS_URL: '', LOG_LEVEL: 'warn' };
  const service = spawn(process.execPath, [path.join(ROOT, 'dist', 'src', 'main.js')], {
    cwd: ROOT,
    env: { ...env, FETCH_ALLOW_LOOPBACK: 'true', WORK_DIR: path.join(work, 'jobs') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let serviceLog = '';
  service.stderr!.on('data', (d) => (serviceLog = (serviceLog + d).slice(-4000)));
  started.push(() => stop(service));
  await waitHealthy(api, service, () => serviceLog);
  say(`service ready at ${api}`);
  return api;
}

/** The demo's own clip, served on loopback; its URL. */
async function serveSampleClip(work: string): Promise<string> {
  const clip = await makeSampleClip(work);
  const files = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(fs.statSync(clip).size) });
    fs.createReadStream(clip).pipe(res);
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  started.push(() => new Promise<void>((r) => files.close(() => r())));
  const videoUrl = `http://127.0.0.1:${(files.address() as net.AddressInfo).port}/sample.mp4`;
  say(`clip: ${videoUrl} (${fs.statSync(clip).size} bytes)`);
  return videoUrl;
}

async function showPaymentRequired(api: string, videoUrl: string): Promise<void> {
  const unpaid = await fetch(`${api}/analyze`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: videoUrl }),
  });
  const offer = (await unpaid.json()) as PaymentOffer;
  if (unpaid.status !== 402) throw new Error(`expected 402, got ${unpaid.status}: ${JSON.stringify(offer)}`);
  say(`HTTP ${unpaid.status}: ${offer.error}`);
  for (const a of offer.accepts) say(`  x402 ${a.network.padEnd(7)} ${Number(a.maxAmountRequired) / 1e6} USDC to ${a.payTo}`);
  if (unpaid.headers.get('www-authenticate')) say('  MPP    tempo   (WWW-Authenticate: Payment challenge)');
}

/** Pays /analyze of the clip from the devnet's funded key; the job's id. */
async function pay(api: string, videoUrl: string): Promise<string> {
  const devnet = (await (await fetch(`${api}/devnet`)).json()) as DevnetBase;
  say(`payer ${devnet.base.test_payer.address} on the local Base (chain ${devnet.base.chain_id})`);
  const pay = { kind: 'base' as const, privateKey: devnet.base.test_payer.private_key };
  const accepted = await paidCall(api, '/analyze', { url: videoUrl }, { pay, maxUsd: 0.1 });
  say(`HTTP 202: job ${accepted.job_id}, status ${accepted.status}`);
  say(`settled: ${accepted.paid_usd} USDC on ${accepted.network}, transaction ${accepted.transaction}`);
  say(`poll: ${accepted.poll_url}`);
  return accepted.job_id;
}

/** Polls the job, one line per change of step; the finished job (a failed one is an error). */
async function follow(api: string, jobId: string) {
  let last = '';
  const job = await waitForJob(api, jobId, {
    everyMs: 500,
    timeoutSeconds: 300,
    onProgress: (j, ms) => {
      const p = j.progress;
      const line = `  ${j.status.padEnd(10)} ${p ? `step ${Math.min(p.steps_done + 1, p.steps_total)}/${p.steps_total} ${p.step ?? ''}` : ''}`;
      if (line !== last) say(`${line.padEnd(44)} ${(ms / 1000).toFixed(1)} s`);
      last = line;
    },
  });
  if (job.status !== 'complete') throw new Error(`the job failed: ${job.error}`);
  return job;
}

async function waitHealthy(api: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}):\n${log()}`);
    const ok = await fetch(`${api}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the service did not become healthy in 120 s:\n${log()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

let code = 0;
try {
  await main();
} catch (err) {
  console.error(`\ndemo FAILED: ${(err as Error).message}`);
  code = 1;
} finally {
  for (const undo of started.reverse()) await undo();
}
process.exit(code);
