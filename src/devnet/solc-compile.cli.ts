import { createRequire } from 'node:module';
import { TEST_USDC_SOURCE } from './test-usdc.source.js';

// Run by compile-test-usdc.ts in a child process: compiles the test USDC and prints {abi, bytecode, deployedBytecode} as JSON.
const require = createRequire(import.meta.url);
const solc = require('solc');
const input = {
  language: 'Solidity',
  sources: { 'TestUSDC.sol': { content: TEST_USDC_SOURCE } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e: any) => e.severity === 'error');
if (errors.length) {
  process.stderr.write(`TestUSDC does not compile: ${errors.map((e: any) => e.formattedMessage).join('\n')}\n`);
  process.exit(1);
}
const c = output.contracts['TestUSDC.sol'].TestUSDC;
const contract = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, deployedBytecode: `0x${c.evm.deployedBytecode.object}` };
process.stdout.write(JSON.stringify(contract));
