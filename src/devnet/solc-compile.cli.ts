import { createRequire } from 'node:module';
import { TEST_USDC_SOURCE } from './test-usdc.source.js';

// Run by compile-test-usdc.ts in a child process: compiles the test USDC and prints {abi, bytecode, deployedBytecode} as JSON.
const require = createRequire(import.meta.url);
// solc's own types leave compile() as any: it takes and returns the compiler's standard JSON, as text.
const solc = require('solc') as { compile(input: string): string };

/** The parts of the standard JSON output read here. */
interface SolcOutput {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}
const input = {
  language: 'Solidity',
  sources: { 'TestUSDC.sol': { content: TEST_USDC_SOURCE } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length) {
  process.stderr.write(`TestUSDC does not compile: ${errors.map((e) => e.formattedMessage).join('\n')}\n`);
  process.exit(1);
}
const c = output.contracts['TestUSDC.sol'].TestUSDC;
const contract = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, deployedBytecode: `0x${c.evm.deployedBytecode.object}` };
process.stdout.write(JSON.stringify(contract));
