import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryAffiliateLedger } from './affiliate-ledger.js';

const HOUR = 3600 * 1000;

/** The in-memory ledger on a clock the test moves: it credits a payment once, and forgets it only past its window. */
describe('the memory affiliate ledger', () => {
  const clock = () => {
    const c = { t: 1_000_000, now: () => c.t };
    return c;
  };

  it('credits a payment resent inside the window once', async () => {
    const c = clock();
    const ledger = new MemoryAffiliateLedger({ now: c.now });
    await ledger.record('agent-1', 10_000n, 'evm:base:0xa:0x01');
    for (const hours of [1, 23, 24 * 6]) {
      c.t = 1_000_000 + hours * HOUR;
      await ledger.record('agent-1', 10_000n, 'evm:base:0xa:0x01');
    }
    await ledger.record('agent-1', 10_000n, 'evm:base:0xa:0x02');
    assert.deepEqual(await ledger.balances(), [{ affiliate_id: 'agent-1', payments: 2, paid: '20000', commission: '4000' }]);
  });

  it('holds one window of payments: older ones are forgotten as new ones arrive', async () => {
    const c = clock();
    const ledger = new MemoryAffiliateLedger({ now: c.now, rememberMs: 24 * HOUR });
    for (let hour = 0; hour < 24 * 5; hour++) {
      c.t = 1_000_000 + hour * HOUR;
      await ledger.record('agent-2', 10_000n, `payment-${hour}`);
    }
    assert.equal(ledger.remembered(), 24, 'the last 24 hours, not all 120 payments');
    await ledger.record('agent-2', 10_000n, 'payment-119');
    assert.equal((await ledger.balances())[0].payments, 120, 'a payment inside the window is still credited once');
  });
});
