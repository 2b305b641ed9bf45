// Payment overhead: the latency the paywall adds, against an unpaid route of the same service, in one run.
//  - 402: POST /echo without payment (validation + x402 requirements + the MPP challenge) vs GET /jobs/{id} (unpaid).
//  - paid 202: POST /echo with a fresh x402 payment on the devnet's Base, minus the chain's own time: the rail's
//    verify and settle are timed around the calls, and verify's local work (its time minus its RPC round trips to
//    the node: the EIP-712 digest and signature recovery, the encoding) is counted back in. Also printed: how
//    often the separate signature check (rail.authenticate, run before an earlier claim is answered) ran on these
//    new payments (0 expected), and this process's CPU per paid request against an unpaid one. (The scheme's
//    settle checks the signature again before broadcasting: that local work stays inside settle's time.)
//  - concurrency: BENCH_PAYMENTS_PAYERS (50) new payers, funded from the devnet key, pay at the same instant;
//    settlements per second against the same paid requests sent one after another.
// Prints medians, `ratio 402/unpaid`, `ratio paid-202 overhead (excl. chain)/unpaid`, the p50 goals
// (402 <= 2 ms, paid 202 <= 3 ms excluding the chain's round trips) and `ratio concurrent/sequential settlements per second`.
//  - source check: paid POST /analyze on a 20 MB mp4 (its index at the end) served on loopback, with the check of
//    its source before settlement and without it (the same request and price on a route whose URL no step fetches), interleaved;
//    p50 and p95 of each and of what the check adds (goal: p95 with the check under 1.5 s).
//  - amplification: one verified payment for /analyze of a slow page (yt-dlp must read it; it answers after 8 s and
//    names no video), sent 20 times at once: the 402 and GET /jobs/{id} p50 during the burst against their idle
//    figures in the same run (goal: within twice), and how many times yt-dlp ran (goal: once; counted by a wrapper).
// Knobs: BENCH_PAYMENTS_REQUESTS (200 for the 402 and unpaid routes), BENCH_PAYMENTS_PAID (40), BENCH_PAYMENTS_PAYERS (50),
// BENCH_PAYMENTS_SOURCES (20 paid requests each way), BENCH_PAYMENTS_ONLY=amplification (that part alone) or
// =overhead (the 402, paid 202 and settlements alone: what A/B runs of the paid path need), BENCH_PAYMENTS_REDIS=1 (that
// part with its claims, jobs and queue in Redis, BENCH_REDIS_URL or 127.0.0.1:6379, as a deployed API keeps them; its
// keys deleted after; without it they are in memory, as with no REDIS_URL), BENCH_PAYMENTS_WORKERS=1
// (the service runs its jobs too, ROLE=all: the bench's client then shares its thread with each accepted job's work).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deletePrefix } from './support/redis-keys.mjs';
import { testStepsModule } from './support/service-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => pathToFileURL(path.join(root, 'dist', 'src', p)).href;
/** How long the amplification's slow page keeps yt-dlp waiting (the check's own limit is 20 s). */
const PAGE_HOLD_MS = 8000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await main().catch((err) => {
  console.error(`bench/payments: ERROR ${err?.stack ?? err}`);
  process.exitCode = 2;
});
setTimeout(() => process.exit(process.exitCode ?? 0), 5000).unref();

async function main() {
  const n = Number(process.env.BENCH_PAYMENTS_REQUESTS ?? 200);
  const paidN = Number(process.env.BENCH_PAYMENTS_PAID ?? 40);
  const [{ loadConfig }, { appParts }, { createLogger }, { createApp }] = await Promise.all([
    import(dist('app/load-config.js')),
    import(dist('app/app-parts.js')),
    import(dist('logging/logger.js')),
    import(dist('app/create-app.js')),
  ]);
  const { createPaymentHeader } = await import('x402/client');
  const { createWalletClient, http, publicActions } = await import('viem');
  const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts');
  const { base } = await import('viem/chains');

  const deps = {
    loadConfig,
    appParts,
    createLogger,
    createApp,
    createPaymentHeader,
    createWalletClient,
    http,
    publicActions,
    privateKeyToAccount,
    base,
  };
  if (process.env.BENCH_PAYMENTS_ONLY === 'amplification') return amplification(deps);

  const keyPrefix = `vidint-bench-payments-${process.pid}-${Date.now()}`;
  const redisUrl = process.env.BENCH_PAYMENTS_REDIS === '1' ? process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379' : null;
  const config = loadConfig(
    {
      PIPELINES_DIR: 'test/fixtures/pipelines',
      STEP_MODULES: testStepsModule(root),
      LOG_LEVEL: 'silent',
      PORT: '0',
      X402_NETWORKS: 'base',
      ...(redisUrl ? { REDIS_URL: redisUrl, KEY_PREFIX: keyPrefix } : {}),
    },
    root,
  );
  // The API process as deployed (ROLE=api: docker-compose runs the jobs in a worker process). With the worker in this
  // process each accepted /echo job's own work ran on the thread of the bench's client, inside the timed request.
  const workers = process.env.BENCH_PAYMENTS_WORKERS === '1';
  const { http: app } = await createApp(config, createLogger('silent'), { http: true, workers });
  const rt = appParts(app);
  await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  try {
    // Time spent in the chain, per call, measured around the rail itself.
    const x402 = rt.payments.paywall.all.find((p) => Array.isArray(p.methods)); // ProtocolsPaywall -> X402Protocol -> X402Method -> rail
    const rail = x402.methods.find((m) => m.network === 'base').rail;
    let chainMs = 0;
    for (const fn of ['verify', 'settle']) {
      const inner = rail[fn].bind(rail);
      rail[fn] = async (...args) => {
        const t = performance.now();
        try {
          return await inner(...args);
        } finally {
          chainMs += performance.now() - t;
        }
      };
    }
    // The separate signature check (only for a payment that meets an earlier claim, or that verify refused):
    // part of the overhead when it runs, so counted and timed on its own.
    let authMs = 0;
    let authCalls = 0;
    const authenticate = rail.authenticate.bind(rail);
    rail.authenticate = async (...args) => {
      const t = performance.now();
      authCalls++;
      try {
        return await authenticate(...args);
      } finally {
        authMs += performance.now() - t;
      }
    };
    // Time waiting on the node during verify: from each RPC request's creation to its answer's last byte, read from
    // undici's diagnostics channels (the rail's pooled transport and fetch alike); the rest of verify is local work.
    let verifyMs = 0;
    let verifyRpcMs = 0;
    let inVerify = false;
    const rpcOrigin = new URL(rt.devnet.base.rpcUrl).origin;
    const rpcStarts = new WeakMap();
    const { subscribe } = await import('node:diagnostics_channel');
    subscribe('undici:request:create', ({ request }) => {
      if (inVerify && request.origin === rpcOrigin) rpcStarts.set(request, performance.now());
    });
    const rpcEnded = ({ request }) => {
      const t = rpcStarts.get(request);
      if (t === undefined) return;
      rpcStarts.delete(request);
      verifyRpcMs += performance.now() - t;
    };
    subscribe('undici:request:trailers', rpcEnded);
    subscribe('undici:request:error', rpcEnded);
    const verify = rail.verify;
    rail.verify = async (...args) => {
      const t = performance.now();
      inVerify = true;
      try {
        return await verify(...args);
      } finally {
        inVerify = false;
        verifyMs += performance.now() - t;
      }
    };
    const job = await rt.jobs.accept({ pipeline: rt.pipelines.byPath('/echo'), request: { text: 'bench' }, receipt: null });
    const timed = async (fn) => {
      const t = performance.now();
      const res = await fn();
      await res.arrayBuffer();
      return { ms: performance.now() - t, status: res.status };
    };
    const unpaid = () => timed(() => fetch(`${url}/jobs/${job.id}`));
    const post = (headers = {}) =>
      fetch(`${url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"text":"bench"}' });
    const challenge = () => timed(() => post());

    for (let i = 0; i < 50; i++) await Promise.all([unpaid(), challenge()]); // warm-up
    const a = [];
    const b = [];
    for (let i = 0; i < n; i++) {
      const u = await unpaid();
      const c = await challenge();
      if (u.status !== 200 || c.status !== 402) throw new Error(`unexpected statuses ${u.status}/${c.status}`);
      a.push(u.ms);
      b.push(c.ms);
    }

    const dev = rt.devnet.base;
    const wallet = createWalletClient({ account: privateKeyToAccount(dev.payerKey), chain: base, transport: http(dev.rpcUrl) }).extend(
      publicActions,
    );
    const requirements = (await (await post()).json()).accepts[0];
    const headers = [];
    for (let i = 0; i < paidN; i++) headers.push(await createPaymentHeader(wallet, 1, requirements));
    const overhead = [];
    const paidCpu = [];
    const authentication = [];
    const verifyLocal = [];
    const unpaidDuringPaid = [];
    authCalls = 0;
    const sequentialStart = performance.now();
    for (const h of headers) {
      chainMs = 0;
      authMs = 0;
      verifyMs = 0;
      verifyRpcMs = 0;
      const cpu = process.cpuUsage();
      const r = await timed(() => post({ 'x-payment': h }));
      const spent = process.cpuUsage(cpu);
      if (r.status !== 202) throw new Error(`paid request answered ${r.status}`);
      // The chain's own time is its round trips: verify's local work (the signature recovery, the encoding) counts.
      overhead.push(r.ms - chainMs + (verifyMs - verifyRpcMs));
      paidCpu.push((spent.user + spent.system) / 1000);
      authentication.push(authMs);
      verifyLocal.push(verifyMs - verifyRpcMs);
      unpaidDuringPaid.push((await unpaid()).ms);
    }
    const authCallsOnNew = authCalls;
    const sequentialPerSecond = paidN / ((performance.now() - sequentialStart - median(unpaidDuringPaid) * paidN) / 1000);

    // Many payers at once: every Base settlement goes out from the one settling account.
    const payersN = Number(process.env.BENCH_PAYMENTS_PAYERS ?? 50);
    const minter = createWalletClient({ account: privateKeyToAccount(dev.settlerKey), chain: base, transport: http(dev.rpcUrl) }).extend(
      publicActions,
    );
    const payerHeaders = [];
    for (let i = 0; i < payersN; i++) {
      const key = generatePrivateKey();
      await minter.waitForTransactionReceipt({
        hash: await minter.writeContract({
          address: dev.usdc,
          abi: dev.usdcAbi,
          functionName: 'mint',
          args: [privateKeyToAccount(key).address, 1_000_000n],
        }),
      });
      payerHeaders.push(
        await createPaymentHeader(
          createWalletClient({ account: privateKeyToAccount(key), chain: base, transport: http(dev.rpcUrl) }),
          1,
          requirements,
        ),
      );
    }
    const concurrentStart = performance.now();
    const answers = await Promise.all(payerHeaders.map((h) => post({ 'x-payment': h }).then((r) => r.status)));
    const concurrentPerSecond = payersN / ((performance.now() - concurrentStart) / 1000);
    const refused = answers.filter((s) => s !== 202).length;
    if (refused) throw new Error(`${refused} of ${payersN} concurrent payments were not accepted`);

    const mu = median(a);
    const m402 = median(b);
    const mo = median(overhead);
    const cpuUnpaid = [];
    for (let i = 0; i < paidN; i++) {
      const cpu = process.cpuUsage();
      await unpaid();
      const spent = process.cpuUsage(cpu);
      cpuUnpaid.push((spent.user + spent.system) / 1000);
    }
    const mu2 = median(unpaidDuringPaid);
    console.log(
      `requests: ${n} unpaid + ${n} 402, then ${paidN} paid (each with a fresh payment), ${workers ? 'ROLE=all (the jobs run in this process)' : 'ROLE=api'}, ${redisUrl ? 'claims, jobs and queue in Redis' : 'claims, jobs and queue in memory'}`,
    );
    console.log(`median unpaid GET /jobs/{id}: ${mu.toFixed(3)} ms`);
    console.log(`median 402 challenge:         ${m402.toFixed(3)} ms`);
    console.log(
      `median paid 202 excl. chain:  ${mo.toFixed(3)} ms (the node's round trips left out; verify's local work counted) (unpaid alongside: ${mu2.toFixed(3)} ms)`,
    );
    console.log(
      `median CPU of this process per request (client, service and RPC client): paid 202 ${median(paidCpu).toFixed(3)} ms, unpaid GET ${median(cpuUnpaid).toFixed(3)} ms`,
    );
    console.log(
      `  of which a separate signature check (rail.authenticate): ${median(authentication).toFixed(3)} ms, run ${authCallsOnNew} times for ${paidN} new payments`,
    );
    console.log(
      `  of which verify's local work (EIP-712 digest and signature recovery, libsecp256k1; encoding): ${median(verifyLocal).toFixed(3)} ms`,
    );
    console.log(`ratio 402/unpaid: ${(m402 / mu).toFixed(2)}`);
    console.log(`ratio paid-202 overhead (excl. chain)/unpaid: ${(mo / mu2).toFixed(2)}`);
    console.log(
      `p50 goals (402 <= 2 ms; paid 202 <= 3 ms excl. the chain's round trips): 402 ${m402 <= 2 ? 'met' : 'missed'}, paid 202 ${mo <= 3 ? 'met' : 'missed'}`,
    );
    console.log(`settlements/s, ${payersN} concurrent payers on Base: ${concurrentPerSecond.toFixed(1)} (all ${payersN} accepted)`);
    console.log(`settlements/s, one after another:            ${sequentialPerSecond.toFixed(1)}`);
    console.log(`ratio concurrent/sequential settlements per second: ${(concurrentPerSecond / sequentialPerSecond).toFixed(2)}`);
  } finally {
    await app.close();
    if (redisUrl) await deleteBenchKeys(redisUrl, keyPrefix);
  }
  if (process.env.BENCH_PAYMENTS_ONLY === 'overhead') return;
  await sourceCheckCost(deps);
  await amplification(deps);
}

/** The Redis part's claims, jobs and queue, deleted. */
async function deleteBenchKeys(url, prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url);
  try {
    await deletePrefix(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

/** What the check of a video source before settlement adds to a paid request (see the header). */
async function sourceCheckCost(deps) {
  const n = Number(process.env.BENCH_PAYMENTS_SOURCES ?? 20);
  const { execFileSync } = await import('node:child_process');
  const fs = await import('node:fs');
  const httpServer = await import('node:http');
  const clip = path.join(root, 'test-artifacts', 'bench', 'source-20mb.mp4');
  if (!fs.existsSync(clip)) {
    fs.mkdirSync(path.dirname(clip), { recursive: true });
    const args = ['-y', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=20', '-c:v', 'libx264', '-preset', 'ultrafast'];
    execFileSync('ffmpeg', [...args, '-b:v', '8M', '-maxrate', '8M', '-bufsize', '8M', clip]); // the index (moov) written last
  }
  const size = fs.statSync(clip).size;
  const server = httpServer.createServer((req, res) => {
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (!m) return void fs.createReadStream(clip).pipe(res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size }));
    const start = Number(m[1]);
    const end = Math.min(size - 1, m[2] ? Number(m[2]) : size - 1);
    const headers = { 'content-type': 'video/mp4', 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${size}` };
    fs.createReadStream(clip, { start, end }).pipe(res.writeHead(206, headers));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const source = `http://127.0.0.1:${server.address().port}/clip.mp4`;
  // /analyze, and /unchecked: the same request and price, its URL read by no step that fetches, so nothing is checked.
  const pipelines = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'bench-pipelines-'));
  fs.copyFileSync(path.join(root, 'pipelines', 'analyze.yaml'), path.join(pipelines, 'analyze.yaml'));
  fs.writeFileSync(
    path.join(pipelines, 'unchecked.yaml'),
    'path: /unchecked\nsummary: Unchecked\nprice_usd: "0.10"\nestimated_seconds: 5\nrequest: { $ref: requests/video.json }\n' +
      'result: { type: object }\nsteps:\n  - id: p\n    uses: probe\n    with: { path: "{{request.url}}" }\noutput: "{{steps.p}}"\n',
  );
  const env = {
    LOG_LEVEL: 'silent',
    PORT: '0',
    X402_NETWORKS: 'base',
    MPP_ENABLED: 'false',
    FETCH_ALLOW_LOOPBACK: 'true',
    PIPELINES_DIR: pipelines,
  };
  const config = deps.loadConfig(env, root);
  const { http: app } = await deps.createApp(config, deps.createLogger('silent'), { http: true, workers: false });
  const rt = deps.appParts(app);
  await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  try {
    const dev = rt.devnet.base;
    const wallet = deps
      .createWalletClient({ account: deps.privateKeyToAccount(dev.payerKey), chain: deps.base, transport: deps.http(dev.rpcUrl) })
      .extend(deps.publicActions);
    const post = (route, body, headers = {}) =>
      fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const paid = async (withCheck, i) => {
      const route = withCheck ? '/analyze' : '/unchecked';
      const body = { url: `${source}?n=${i}-${withCheck}` };
      const requirements = (await (await post(route, body)).json()).accepts[0];
      const header = await deps.createPaymentHeader(wallet, 1, requirements);
      const t = performance.now();
      const res = await post(route, body, { 'x-payment': header });
      await res.arrayBuffer();
      if (res.status !== 202) throw new Error(`paid ${route} answered ${res.status}`);
      return performance.now() - t;
    };
    await paid(true, -1); // warm-up
    const withCheck = [];
    const without = [];
    for (let i = 0; i < n; i++) {
      withCheck.push(await paid(true, i));
      without.push(await paid(false, i));
    }
    const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
    const added = withCheck.map((ms, i) => ms - without[i]);
    console.log(
      `source check, paid /analyze of a ${(size / 1024 / 1024).toFixed(1)} MB mp4 (index at the end) on loopback, ${n} each way:`,
    );
    console.log(`  402-to-202 with the check:    p50 ${median(withCheck).toFixed(1)} ms, p95 ${p95(withCheck).toFixed(1)} ms`);
    console.log(`  402-to-202 without the check: p50 ${median(without).toFixed(1)} ms, p95 ${p95(without).toFixed(1)} ms`);
    console.log(`  added by the check:           p50 ${median(added).toFixed(1)} ms, p95 ${p95(added).toFixed(1)} ms`);
    console.log(`ratio with/without the source check (p50): ${(median(withCheck) / median(without)).toFixed(2)}`);
    console.log(`p95 goal (< 1500 ms with the check): ${p95(withCheck) < 1500 ? 'met' : 'missed'}`);
  } finally {
    await app.close();
    server.close();
    fs.rmSync(pipelines, { recursive: true, force: true });
  }
}

/** A page the service reads at once (its ranged read of the head) and yt-dlp only after `holdMs`; it names no video. */
async function slowPage(holdMs) {
  const httpServer = await import('node:http');
  const page = '<!doctype html><html><head><title>Our story</title></head><body><p>No video here.</p></body></html>';
  const server = httpServer.createServer((req, res) => {
    const answer = () => res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (req.headers.range) answer();
    else setTimeout(answer, holdMs).unref();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/story.html`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** yt-dlp behind a script that counts its runs (one line each in `counter`). */
async function countingYtDlp(realPath) {
  const fs = await import('node:fs');
  const dir = path.join(root, 'test-artifacts', 'bench');
  fs.mkdirSync(dir, { recursive: true });
  const counter = path.join(dir, 'yt-dlp-runs.txt');
  const script = path.join(dir, 'yt-dlp-counting.sh');
  fs.writeFileSync(counter, '');
  fs.writeFileSync(script, `#!/bin/sh\necho run >> '${counter}'\nexec '${path.resolve(root, realPath)}' "$@"\n`, { mode: 0o755 });
  return { script, runs: () => fs.readFileSync(counter, 'utf8').split('\n').filter(Boolean).length };
}

/**
 * Times one GET of `jobUrl` and one 402 (`post()`) after the other, `rounds` times, or until `until` settles: the
 * latencies of each, in ms.
 */
function latencySampler(jobUrl, post) {
  const timed = async (fn) => {
    const t = performance.now();
    await (await fn()).arrayBuffer();
    return performance.now() - t;
  };
  return async (rounds, until) => {
    let done = false;
    until?.finally(() => (done = true));
    const jobs = [];
    const challenges = [];
    for (let i = 0; until ? !done : i < rounds; i++) {
      jobs.push(await timed(() => fetch(jobUrl)));
      challenges.push(await timed(() => post()));
    }
    return { jobs, challenges };
  };
}

/** The devnet's funded payer on its Base chain, as the x402 client signs with it. */
function devnetPayer(deps, dev) {
  const transport = deps.http(dev.rpcUrl);
  return deps
    .createWalletClient({ account: deps.privateKeyToAccount(dev.payerKey), chain: deps.base, transport })
    .extend(deps.publicActions);
}

/** One refused payment sent 20 times at once at a slow page: what the burst costs everyone else (see the header). */
async function amplification(deps) {
  const copies = 20;
  const page = await slowPage(PAGE_HOLD_MS);
  const ytDlp = await countingYtDlp(deps.loadConfig({}, root).engines.media.ytDlpPath);
  const env = { LOG_LEVEL: 'silent', PORT: '0', X402_NETWORKS: 'base', MPP_ENABLED: 'false', FETCH_ALLOW_LOOPBACK: 'true' };
  const config = deps.loadConfig({ ...env, YTDLP_PATH: ytDlp.script }, root);
  const { http: app } = await deps.createApp(config, deps.createLogger('silent'), { http: true, workers: false });
  const rt = deps.appParts(app);
  await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  try {
    const body = JSON.stringify({ url: page.url });
    const post = (headers = {}) =>
      fetch(`${url}/analyze`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const job = await rt.jobs.accept({ pipeline: rt.pipelines.byPath('/analyze'), request: { url: page.url }, receipt: null });
    const sample = latencySampler(`${url}/jobs/${job.id}`, post);
    await sample(30); // warm-up
    const idle = await sample(60);
    const header = await deps.createPaymentHeader(devnetPayer(deps, rt.devnet.base), 1, (await (await post()).json()).accepts[0]);
    const started = performance.now();
    const burst = Promise.all(
      Array.from({ length: copies }, () => post({ 'x-payment': header }).then(async (r) => `${r.status} ${await r.text()}`)),
    );
    const during = await sample(0, burst);
    const answers = new Set(await burst);
    const seconds = (performance.now() - started) / 1000;
    const [jobIdle, jobBurst, idle402, burst402] = [idle.jobs, during.jobs, idle.challenges, during.challenges].map(median);
    console.log(
      `amplification, ${copies} copies of one payment for /analyze of a slow page (yt-dlp answered after ${PAGE_HOLD_MS / 1000} s), answered in ${seconds.toFixed(1)} s:`,
    );
    console.log(`  answers: ${[...answers].map((a) => a.slice(0, 120)).join(' | ')}`);
    console.log(
      `  GET /jobs/{id} p50: idle ${jobIdle.toFixed(1)} ms, during the burst ${jobBurst.toFixed(1)} ms (${during.jobs.length} samples)`,
    );
    console.log(`  402 p50:            idle ${idle402.toFixed(1)} ms, during the burst ${burst402.toFixed(1)} ms`);
    console.log(`  yt-dlp ran ${ytDlp.runs()} time(s) (goal: once)`);
    console.log(`ratio burst/idle GET /jobs p50: ${(jobBurst / jobIdle).toFixed(2)}`);
    console.log(`ratio burst/idle 402 p50: ${(burst402 / idle402).toFixed(2)}`);
    const met = jobBurst <= 2 * jobIdle && burst402 <= 2 * idle402 && ytDlp.runs() === 1;
    console.log(`amplification goals (p50s within twice idle, yt-dlp once): ${met ? 'met' : 'missed'}`);
  } finally {
    await app.close();
    page.close();
  }
}
