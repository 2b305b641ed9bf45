import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callbackKey, signDelivery, verifyDelivery } from './webhook-signature.js';

describe('callback signatures', () => {
  const key = callbackKey('a-deployment-secret-of-32-characters!', '6f1c1b8e-8e7a-4c4e-9a5e-2f1d3c4b5a69');
  const body = '{"id":"6f1c1b8e-8e7a-4c4e-9a5e-2f1d3c4b5a69","status":"complete"}';

  it('derives one key per job from the deployment secret', () => {
    assert.match(key, /^[0-9a-f]{64}$/);
    assert.equal(key, callbackKey('a-deployment-secret-of-32-characters!', '6f1c1b8e-8e7a-4c4e-9a5e-2f1d3c4b5a69'));
    assert.notEqual(key, callbackKey('a-deployment-secret-of-32-characters!', '00000000-8e7a-4c4e-9a5e-2f1d3c4b5a69'));
    assert.notEqual(key, callbackKey('another-deployment-secret-of-32-chars', '6f1c1b8e-8e7a-4c4e-9a5e-2f1d3c4b5a69'));
  });

  it('verifies the header it signs, within the time tolerance only', () => {
    const now = Date.now();
    const header = signDelivery(key, body, Math.floor(now / 1000));
    assert.equal(verifyDelivery(key, header, body, 300, now), true);
    assert.equal(verifyDelivery(key, header, body, 300, now + 301_000), false, 'too old');
    assert.equal(verifyDelivery(key, header.replace(/t=\d+/, `t=${Math.floor(now / 1000) + 1}`), body, 300, now), false, 'time changed');
    assert.equal(verifyDelivery(key, header, `${body} `, 300, now), false, 'body changed');
    assert.equal(verifyDelivery(key, 'garbage', body, 300, now), false);
  });
});
