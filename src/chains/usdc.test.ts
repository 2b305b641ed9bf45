import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { atomicToUsdNumber, usdToAtomic } from './usdc.js';

describe('USD to USDC atomic units', () => {
  it('converts the published prices exactly', () => {
    assert.equal(usdToAtomic('0.10'), 100000n);
    assert.equal(usdToAtomic('0.25'), 250000n);
    assert.equal(usdToAtomic('0.15'), 150000n);
    assert.equal(usdToAtomic('0.50'), 500000n);
    assert.equal(usdToAtomic('1'), 1000000n);
  });

  it('has none of the float error x402/shared has (0.0079 -> 7900, not 7900.000000000001)', () => {
    assert.equal(usdToAtomic('0.0079'), 7900n);
    assert.equal(usdToAtomic('0.000001'), 1n);
    assert.equal(usdToAtomic('123456.999999'), 123456999999n);
  });

  it('refuses amounts with more than 6 decimals or that are not decimals', () => {
    for (const bad of ['0.0000001', '-1', '1e3', '', '0.1.2', ' 1']) assert.throws(() => usdToAtomic(bad), /not a USD amount/, bad);
  });

  it('round-trips every 6-decimal amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999n }), (atomic) => {
        const usd = atomicToUsdNumber(atomic).toFixed(6);
        assert.equal(usdToAtomic(usd), atomic);
      }),
    );
  });
});
