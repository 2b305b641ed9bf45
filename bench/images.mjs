// Image endpoints as a paying client sees them, this build against a reference build in the same run:
// BENCH_REFERENCE=<a checkout, built> (issue 38 item 2's reference: the commit before the CPU pool, a1df07a); without
// it, this build alone. Each build runs as the real service in a process of its own (support/image-service.mjs:
// ROLE=all, Redis and BullMQ, devnet payments on Base, WORKER_CONCURRENCY=2, CPU_THREADS as set, else its default).
//  - throughput: BENCH_JOBS (6) paid jobs of one endpoint posted at once, timed from the first POST to the last
//    result: jobs per minute for /scan-style (a photographed page, 1600x1300), /hair-formula and /pfp (the Grace
//    Hopper portrait, 512x512), each build in turn per endpoint, so that load from other work hits both alike
//  - burst: BENCH_BURST (70) paid jobs, /scan-style and /hair-formula alternating, posted at once; the service's
//    `vidint_nodejs_eventloop_lag_max_seconds` from /metrics (read once before: prom-client resets it on each read)
//    and the jobs failed (goal: lag under 100 ms, 0 failed); beside the lag, the most of its own CPU the service's main
//    thread spent in one stall, which a machine busy with other work does not stretch (BENCH_JOBS=0: the burst only; BENCH_BURST=0 skips it)
//  - large photo: one paid /scan-style of a 4000 px photo (about 9 MB of base64) alone, and the worst stall's own
//    CPU while it was answered and run, with the main thread's CPU in all; then the service's CPU per 402 of it
//    (ten unpaid POSTs: the body read, checked and challenged; /proc, Linux) (BENCH_LARGE=0 skips it)
// Prints each figure per build and `ratio this/reference` of the jobs per minute, with the load average.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { processCpuMs } from './support/process-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reference = process.env.BENCH_REFERENCE;
const jobsPerEndpoint = Number(process.env.BENCH_JOBS ?? 6);
const burstSize = Number(process.env.BENCH_BURST ?? 70);
/** Node's flags for the services (BENCH_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see what stalls them). */
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

await main().catch((err) => {
  console.error(`bench/images: ERROR ${err?.stack ?? err}`);
  process.exitCode = 2;
});
setTimeout(() => process.exit(process.exitCode ?? 0), 5000).unref();

async function main() {
  const { photographedPage } = await import(pathToFileURL(path.join(root, 'dist/test/support/documents.js')).href);
  const portrait = path.join(root, 'test-artifacts', 'photos', 'grace_hopper.jpg');
  if (!fs.existsSync(portrait)) throw new Error(`${portrait} is missing: run scripts/setup.sh`);
  const page = fs.readFileSync((await photographedPage()).file).toString('base64');
  const face = fs.readFileSync(portrait).toString('base64');
  const builds = [{ name: 'this build', root }];
  if (reference) builds.push({ name: `reference (${path.basename(reference)})`, root: reference });
  console.log(`cores: ${os.availableParallelism()}, CPU_THREADS: ${process.env.CPU_THREADS ?? '(default)'}, load ${loadavg()}`);
  const endpoints = [
    ['/scan-style', { image_b64: page }],
    ['/hair-formula', { image_b64: face }],
    ['/pfp', { image_b64: face, color_palette: 'warm earth tones' }],
  ];
  for (const [route, body] of jobsPerEndpoint > 0 ? endpoints : []) {
    const perMinute = [];
    for (const build of builds) {
      const r = await withService(build.root, (svc) =>
        timedBatch(
          svc,
          Array.from({ length: jobsPerEndpoint }, () => [route, body]),
        ),
      );
      perMinute.push(r.perMinute);
      console.log(`${route.padEnd(14)} ${build.name.padEnd(24)} ${r.perMinute.toFixed(1).padStart(6)} jobs/min   failed ${r.failed}`);
    }
    if (perMinute.length === 2) console.log(`${route.padEnd(14)} ratio this/reference: ${(perMinute[0] / perMinute[1]).toFixed(2)}`);
  }
  const burst = Array.from({ length: burstSize }, (_, i) =>
    i % 2 ? ['/hair-formula', { image_b64: face }] : ['/scan-style', { image_b64: page }],
  );
  for (const build of burstSize > 0 ? builds : []) {
    const r = await withService(build.root, async (svc) => {
      await lagMaxSeconds(svc.url); // resets the gauge's window
      await svc.worstStall();
      const batch = await timedBatch(svc, burst);
      return { ...batch, lagMs: (await lagMaxSeconds(svc.url)) * 1000, stall: await svc.worstStall() };
    });
    console.log(
      `burst of ${burstSize}  ${build.name.padEnd(24)} event-loop lag max ${r.lagMs.toFixed(0).padStart(5)} ms (goal < 100), worst stall's own CPU ${r.stall?.cpuMs.toFixed(0) ?? '-'} ms   failed ${r.failed} of ${burstSize} (goal 0)   ${r.perMinute.toFixed(1)} jobs/min`,
    );
  }
  // One large photo (a 9 MB body) alone: the most of its own CPU the main thread spent in one stall while it was
  // answered and its job run (the body's parsing, its check and its fingerprint run on the event loop), and its CPU in
  // all from the 402 to the result (each copy of the image on the event loop, in any turn).
  if (process.env.BENCH_LARGE !== '0') {
    const large = largePhoto(page);
    for (const build of builds) {
      const r = await withService(build.root, async (svc) => {
        await svc.worstStall();
        const batch = await timedBatch(svc, [['/scan-style', { image_b64: large }]]);
        return { ...batch, stall: await svc.worstStall(), challengeCpuMs: await challengeCpu(svc, large) };
      });
      console.log(
        `large photo, ${(large.length / 1e6).toFixed(1)} MB of base64  ${build.name.padEnd(24)} worst stall's own CPU ${r.stall?.cpuMs.toFixed(0) ?? '-'} ms (wall ${r.stall?.wallMs.toFixed(0) ?? '-'} ms), main thread's CPU in all ${r.stall?.totalCpuMs.toFixed(0) ?? '-'} ms, the service's CPU per 402 ${r.challengeCpuMs?.toFixed(1) ?? '-'} ms   failed ${r.failed} of 1`,
      );
    }
  }
  console.log(`load average after: ${loadavg()}`);
}

/** The photographed page at 4000 px with film grain, about 6 MB of JPEG (made once, kept under test-artifacts/bench). */
function largePhoto(pageB64) {
  const file = path.join(root, 'test-artifacts', 'bench', 'large-page.jpg');
  if (!fs.existsSync(file)) {
    const source = path.join(os.tmpdir(), `bench-page-${process.pid}.jpg`);
    fs.writeFileSync(source, Buffer.from(pageB64, 'base64'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const filters = 'scale=4000:-2,noise=alls=14:allf=t';
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', source, '-vf', filters, '-q:v', '2', '-frames:v', '1', file]);
    fs.rmSync(source, { force: true });
  }
  return fs.readFileSync(file).toString('base64');
}

/** Runs `fn` against a fresh service of the build at `buildRoot`, then stops it; a failure is printed and the run goes on. */
async function withService(buildRoot, fn) {
  try {
    return await serviceRun(buildRoot, fn);
  } catch (err) {
    console.log(`  ${path.basename(buildRoot)}: ERROR ${err?.message ?? err}`);
    return { perMinute: Number.NaN, failed: Number.NaN, lagMs: Number.NaN, stall: null };
  }
}

async function serviceRun(buildRoot, fn) {
  const child = spawn(
    process.execPath,
    [...nodeArgs, path.join(root, 'bench/support/image-service.mjs'), buildRoot, `bench-img-${randomUUID().slice(0, 8)}`],
    {
      cwd: buildRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = readline.createInterface({ input: child.stdout });
  const nextLine = () =>
    new Promise((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the service exited (${code})`)));
    });
  const line = await nextLine();
  /** The service's worst event-loop stall since the last call: wall ms and its main thread's own CPU ms in it. */
  const worstStall = async () => {
    const answer = nextLine();
    child.kill('SIGUSR2');
    return JSON.parse(await answer).worstStall;
  };
  try {
    return await fn({ ...JSON.parse(line), worstStall, pid: child.pid });
  } finally {
    // A service that died already (its error is above) has no exit left to wait for.
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
}

/** Pays every request at once, polls every job to its end: jobs per minute (first POST to last result) and failures. */
async function timedBatch(svc, requests) {
  const t = performance.now();
  const ids = await Promise.all(requests.map(([route, body]) => paidPost(svc, route, body)));
  const jobs = await Promise.all(ids.map((id) => pollJob(svc.url, id)));
  const minutes = (performance.now() - t) / 60_000;
  return { perMinute: jobs.length / minutes, failed: jobs.filter((j) => j.status !== 'complete').length };
}

async function paidPost(svc, route, body) {
  const [{ createPaymentHeader }, { createWalletClient, http, publicActions }, { privateKeyToAccount }, { base }] = await Promise.all([
    import('x402/client'),
    import('viem'),
    import('viem/accounts'),
    import('viem/chains'),
  ]);
  const post = (headers) =>
    fetch(`${svc.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const unpaid = await post({});
  if (unpaid.status !== 402) throw new Error(`POST ${route} answered ${unpaid.status} without payment`);
  const requirements = (await unpaid.json()).accepts.find((a) => a.network === 'base');
  const wallet = createWalletClient({ account: privateKeyToAccount(svc.payerKey), chain: base, transport: http(svc.rpcUrl) });
  const paid = await post({ 'x-payment': await createPaymentHeader(wallet.extend(publicActions), 1, requirements) });
  if (paid.status !== 202) throw new Error(`POST ${route} answered ${paid.status}: ${await paid.text()}`);
  return (await paid.json()).job_id;
}

async function pollJob(url, id) {
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    const job = await (await fetch(`${url}/jobs/${id}`)).json();
    if (job.status === 'complete' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { status: 'unfinished' };
}

/** The service process's CPU ms per unpaid POST of the photo (its 402: the body read, checked and answered), from /proc. */
async function challengeCpu(svc, image) {
  const cpuMs = () => processCpuMs(svc.pid).own;
  const body = JSON.stringify({ image_b64: image });
  const post = async () => {
    const res = await fetch(`${svc.url}/scan-style`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await res.arrayBuffer();
    if (res.status !== 402) throw new Error(`POST /scan-style answered ${res.status} without payment`);
  };
  await post();
  const before = cpuMs();
  for (let i = 0; i < 10; i++) await post();
  return (cpuMs() - before) / 10;
}

async function lagMaxSeconds(url) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const m = /^vidint_nodejs_eventloop_lag_max_seconds (\S+)/m.exec(text);
  if (!m) throw new Error('/metrics has no vidint_nodejs_eventloop_lag_max_seconds');
  return Number(m[1]);
}

function loadavg() {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}
