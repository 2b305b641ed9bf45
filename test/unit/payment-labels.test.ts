import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paymentLabels } from '../../src/http/payment-labels.js';

const x402Header = (payment: unknown) => Buffer.from(JSON.stringify(payment)).toString('base64');

/** The method and network a paid request is counted and logged under, read from its headers. */
describe('paymentLabels', () => {
  it('names MPP credentials (Authorization: Payment) as mpp on tempo', () => {
    assert.deepEqual(paymentLabels({ authorization: 'Payment eyJjaGFsbGVuZ2UiOnt9fQ' }), { method: 'mpp', network: 'tempo' });
  });

  it("names an X-PAYMENT header's network", () => {
    assert.deepEqual(paymentLabels({ 'x-payment': x402Header({ x402Version: 1, scheme: 'exact', network: 'solana', payload: {} }) }), {
      method: 'x402',
      network: 'solana',
    });
  });

  it("names a PAYMENT-SIGNATURE (x402 v2) header's network by its v1 name", () => {
    const v2 = { x402Version: 2, accepted: { scheme: 'exact', network: 'eip155:8453' }, payload: {} };
    assert.deepEqual(paymentLabels({ 'payment-signature': x402Header(v2) }), { method: 'x402', network: 'base' });
    assert.deepEqual(paymentLabels({ 'payment-signature': 'not base64 json' }), { method: 'x402', network: 'unknown' });
  });

  it('labels an unreadable X-PAYMENT or a network that is not a plain name as unknown (a label never carries request text)', () => {
    assert.deepEqual(paymentLabels({ 'x-payment': 'not base64 json' }), { method: 'x402', network: 'unknown' });
    assert.deepEqual(paymentLabels({ 'x-payment': x402Header({ network: 'base"} 1\nfake_metric 9' }) }), {
      method: 'x402',
      network: 'unknown',
    });
  });

  it('is null without a payment (the first call, answered with the challenge)', () => {
    assert.equal(paymentLabels({ authorization: 'Bearer something' }), null);
    assert.equal(paymentLabels({}), null);
  });
});
