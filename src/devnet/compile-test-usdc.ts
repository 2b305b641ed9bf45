import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TEST_USDC_SOURCE } from './test-usdc.source.js';

const require = createRequire(import.meta.url);
const run = promisify(execFile);

export interface CompiledContract {
  abi: readonly unknown[];
  bytecode: `0x${string}`;
  /** The runtime code, as placed at an address with anvil_setCode. */
  deployedBytecode: `0x${string}`;
}

let compiled: Promise<CompiledContract> | null = null;

/**
 * The test USDC, compiled with solc-js (WebAssembly, offline). solc takes about 100 MB of memory, so it
 * runs in a short-lived child process, and its output is cached in the OS temp directory (keyed by the
 * source and compiler version): the service process never loads it, later starts skip it.
 */
export function compileTestUsdc(): Promise<CompiledContract> {
  return (compiled ??= (async () => {
    const solcVersion = (require('solc/package.json') as { version: string }).version;
    const key = crypto.createHash('sha256').update(`${solcVersion}\n${TEST_USDC_SOURCE}`).digest('hex').slice(0, 16);
    const cache = path.join(os.tmpdir(), `vidint-test-usdc-${key}.json`);
    try {
      return JSON.parse(fs.readFileSync(cache, 'utf8')) as CompiledContract;
    } catch {
      /* not compiled yet */
    }
    const { stdout } = await run(process.execPath, [fileURLToPath(new URL('./solc-compile.cli.js', import.meta.url))], {
      maxBuffer: 32 << 20,
    });
    const contract = JSON.parse(stdout) as CompiledContract;
    const tmp = `${cache}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(contract));
    fs.renameSync(tmp, cache);
    return contract;
  })().catch((err) => {
    compiled = null;
    throw err;
  }));
}
