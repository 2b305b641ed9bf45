#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiUnreachable, CallRefused, callApi, getJob, type JobView, type PayMethod, paidCall, waitForJob } from '@vidint/client';
import { ledgerTable } from '../payments/ledger-table.js';
import { type Args, parseArgs, UsageError } from './args.js';
import { EVAL_USAGE, evalCommand } from './eval.command.js';
import { RUN_USAGE, runCommand } from './run.command.js';

const USAGE = `vidint: call the vidint API and pay per request (x402 on Base or Solana, or MPP on Tempo)

  vidint call <path> [--<field> <value> ...] [--image FILE] [--pay base|solana|mpp] [--max-usd N] [--json]
      POST a paid endpoint: fields become the JSON body (--url U, --color-palette "warm earth tones" ...;
      --image FILE sends the file as image_b64), pays if the price is at most --max-usd, then polls the
      job with progress and prints its result.
  vidint job <id> [--json]          the job's state, progress and result
  vidint pipelines check [dir]      validate pipeline YAML files (as start-up does)
  vidint ledger [--json]            affiliates' referred payments and commission (needs the admin token)
${RUN_USAGE}
${EVAL_USAGE}

Options: --api URL (VIDINT_API, default http://127.0.0.1:3000), --devnet (pay with the devnet's funded test
keys from GET /devnet), --affiliate ID, --timeout SECONDS (default 600), --admin-token T (VIDINT_ADMIN_TOKEN).
Keys: VIDINT_EVM_KEY (base), VIDINT_SOLANA_KEY and VIDINT_SOLANA_RPC (solana), VIDINT_TEMPO_KEY and
VIDINT_TEMPO_RPC (mpp). --max-usd defaults to VIDINT_MAX_USD, else 0.50.
Exit codes: 0 done, 1 the job (or run, or an eval case) failed, 2 usage or configuration, 3 refused (400, 402, 404,
over budget), 4 the API could not be reached or answered an unexpected error.`;

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const [command, ...rest] = args.positional;
  if (!command || args.flags.has('help')) {
    console.log(USAGE);
    return command || args.flags.has('help') ? 0 : 2;
  }
  const api = (args.options.api ?? process.env.VIDINT_API ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
  const json = args.flags.has('json');
  switch (command) {
    case 'call':
      return call(api, rest[0], args, json);
    case 'job': {
      if (!rest[0]) throw new UsageError('vidint job <id>');
      const job = await getJob(api, rest[0]);
      printJob(job, json);
      return job.status === 'failed' ? 1 : 0;
    }
    case 'pipelines': {
      if (rest[0] !== 'check') throw new UsageError('vidint pipelines check [dir]');
      const checker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-pipelines.js');
      return spawnSync(process.execPath, [checker, ...rest.slice(1)], { stdio: 'inherit' }).status ?? 1;
    }
    case 'ledger':
      return ledger(api, args, json);
    case 'run':
      return runCommand(rest, args);
    case 'eval':
      return evalCommand(rest, args);
    default:
      throw new UsageError(`unknown command '${command}' (vidint --help)`);
  }
}

async function call(api: string, route: string | undefined, args: Args, json: boolean): Promise<number> {
  if (!route?.startsWith('/'))
    throw new UsageError('vidint call <path> ...: the path starts with /, e.g. vidint call /analyze --url https://...');
  const body: Record<string, unknown> = { ...args.fields };
  if (args.options.image) body.image_b64 = fs.readFileSync(args.options.image).toString('base64');
  const maxUsd = Number(args.options['max-usd'] ?? process.env.VIDINT_MAX_USD ?? '0.50');
  if (!Number.isFinite(maxUsd) || maxUsd < 0) throw new UsageError('--max-usd must be a number of dollars, e.g. 0.25');
  const pay = await payMethod(api, (args.options.pay ?? 'base') as PayMethod['kind'], args.flags.has('devnet'));
  const headers = args.options.affiliate ? { 'x-affiliate-id': args.options.affiliate } : undefined;

  const accepted = await paidCall(api, route, body, { pay, maxUsd, headers });
  progress(
    `paid $${accepted.paid_usd.toFixed(2)} on ${accepted.network}${accepted.transaction ? ` (transaction ${accepted.transaction})` : ''}; job ${accepted.job_id}`,
  );
  const timeoutSeconds = Number(args.options.timeout ?? 600);
  const job = await waitForJob(api, accepted.job_id, {
    everyMs: 1000,
    timeoutSeconds,
    onProgress: (j, ms) => {
      const p = j.progress;
      progress(
        `${j.status}${p ? `  step ${Math.min(p.steps_done + 1, p.steps_total)}/${p.steps_total}${p.step ? ` ${p.step}` : ''}` : ''}  ${(ms / 1000).toFixed(1)} s`,
        true,
      );
    },
  });
  progress('', true); // clears the progress line on a terminal
  printJob(job, json);
  return job.status === 'failed' ? 1 : 0;
}

/** What GET /devnet answers (the parts read here): a funded test key per local chain, null for a chain not running. */
interface DevnetKeys {
  base: { test_payer: { private_key: `0x${string}` } } | null;
  solana: { rpc_url: string; test_payer: { secret_key: string } } | null;
  tempo: { rpc_url: string; test_payer: { private_key: `0x${string}` } } | null;
}

/** The payer: --devnet reads the devnet's test keys from the service; otherwise keys come from the environment. */
async function payMethod(api: string, kind: PayMethod['kind'], devnet: boolean): Promise<PayMethod> {
  if (!['base', 'solana', 'mpp'].includes(kind)) throw new UsageError(`--pay ${kind}: choose base, solana or mpp`);
  if (devnet) return devnetPayer(api, kind);
  const need = (name: string) =>
    process.env[name] ||
    (() => {
      throw new UsageError(`--pay ${kind} needs ${name} in the environment (or --devnet against a devnet service)`);
    })();
  if (kind === 'base') return { kind, privateKey: need('VIDINT_EVM_KEY') as `0x${string}` };
  if (kind === 'solana')
    return { kind, secretKey: need('VIDINT_SOLANA_KEY'), rpcUrl: process.env.VIDINT_SOLANA_RPC || 'https://api.mainnet-beta.solana.com' };
  return { kind, privateKey: need('VIDINT_TEMPO_KEY') as `0x${string}`, rpcUrl: need('VIDINT_TEMPO_RPC') };
}

async function devnetPayer(api: string, kind: PayMethod['kind']): Promise<PayMethod> {
  const res = await callApi(`${api}/devnet`);
  if (!res.ok) throw new UsageError(`--devnet: ${api}/devnet answered ${res.status} (the service takes real payments)`);
  const { base, solana, tempo } = (await res.json()) as DevnetKeys;
  const none = (chain: string) => new UsageError(`--devnet: ${api}/devnet runs no ${chain} chain`);
  if (kind === 'base') {
    if (!base) throw none('Base');
    return { kind, privateKey: base.test_payer.private_key };
  }
  if (kind === 'solana') {
    if (!solana) throw none('Solana');
    return { kind, secretKey: solana.test_payer.secret_key, rpcUrl: solana.rpc_url };
  }
  if (!tempo) throw none('Tempo');
  return { kind, privateKey: tempo.test_payer.private_key, rpcUrl: tempo.rpc_url };
}

/** GET /admin/affiliates: the ledger's rows, or the reason it was refused. */
interface LedgerAnswer {
  affiliates: Parameters<typeof ledgerTable>[0];
  commission_percent: number;
  error?: string;
}

async function ledger(api: string, args: Args, json: boolean): Promise<number> {
  const token = args.options['admin-token'] ?? process.env.VIDINT_ADMIN_TOKEN;
  if (!token) throw new UsageError('vidint ledger needs the operator token: --admin-token T or VIDINT_ADMIN_TOKEN');
  const res = await callApi(`${api}/admin/affiliates`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json().catch(() => ({}))) as LedgerAnswer;
  if (!res.ok) throw new CallRefused('http', `GET /admin/affiliates answered ${res.status}: ${body.error ?? ''}`, res.status);
  if (json) console.log(JSON.stringify(body, null, 2));
  else for (const line of ledgerTable(body.affiliates, body.commission_percent)) console.log(line);
  return 0;
}

function printJob(job: JobView, json: boolean): void {
  if (json) return console.log(JSON.stringify(job, null, 2));
  if (job.status === 'failed') return console.error(`job ${job.id} failed: ${job.error}`);
  if (job.status !== 'complete')
    return console.log(
      `job ${job.id} is ${job.status}${job.progress ? ` (${job.progress.steps_done}/${job.progress.steps_total} steps done)` : ''}`,
    );
  console.log(JSON.stringify(job.result, null, 2));
}

let lastLine = '';
/** Progress goes to stderr (stdout stays the result): rewritten in place on a terminal, one line per change otherwise. */
function progress(line: string, transient = false): void {
  if (process.stderr.isTTY && transient) {
    process.stderr.write(`\r\x1b[K${line}`);
    return;
  }
  if (!line) return;
  const key = line.replace(/\s+[\d.]+ s$/, '');
  if (key === lastLine) return;
  lastLine = key;
  process.stderr.write(`${line}\n`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof UsageError) {
      console.error(`vidint: ${err.message}`);
      process.exit(2);
    }
    if (err instanceof CallRefused) {
      console.error(`vidint: ${err.message}`);
      process.exit(err.kind === 'http' && (err.status ?? 0) >= 500 ? 4 : 3);
    }
    if (err instanceof ApiUnreachable) {
      console.error(`vidint: ${err.message}`);
      process.exit(4);
    }
    console.error(`vidint: ${(err as Error).message}`);
    process.exit(1);
  },
);
