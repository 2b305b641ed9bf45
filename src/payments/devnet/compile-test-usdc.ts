import { createRequire } from 'node:module';
import { TEST_USDC_SOURCE } from './test-usdc.source.js';

const require = createRequire(import.meta.url);

export interface CompiledContract {
  abi: readonly unknown[];
  bytecode: `0x${string}`;
}

let compiled: CompiledContract | null = null;

/** Compiles the test USDC with solc-js (WebAssembly, offline), once per process. */
export function compileTestUsdc(): CompiledContract {
  if (compiled) return compiled;
  const solc = require('solc');
  const input = {
    language: 'Solidity',
    sources: { 'TestUSDC.sol': { content: TEST_USDC_SOURCE } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: any) => e.severity === 'error');
  if (errors.length) throw new Error(`TestUSDC does not compile: ${errors.map((e: any) => e.formattedMessage).join('\n')}`);
  const c = output.contracts['TestUSDC.sol'].TestUSDC;
  compiled = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  return compiled;
}
