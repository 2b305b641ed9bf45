import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Harness, postJson, ROOT, startHarness } from '../support/harness.js';

/** Source URLs that are wrong on their face are a 400 that says why, before the 402 asks for money. */
describe('source URLs refused before payment', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines') } });
  });
  after(() => h.close());

  const cases: Array<[string, string, RegExp]> = [
    ['/analyze', 'http://10.1.2.3/video.mp4', /url: is refused: 10\.1\.2\.3 is a blocked address \(private\)/],
    ['/analyze', 'http://169.254.169.254/latest/meta-data/', /blocked address \(link-local \(cloud metadata\)\)/],
    ['/verify', 'http://[::ffff:a9fe:a9fe]/v.mp4', /blocked address \(link-local/],
    ['/product-id', 'http://[::7f00:1]:8080/v.mp4', /blocked address \(loopback\)/],
    ['/ad-debunk', 'http://127.0.0.1:9/v.mp4', /127\.0\.0\.1 is a blocked address \(loopback\)/],
    ['/analyze', 'http://localhost:9/v.mp4', /localhost is a blocked address \(loopback\)/],
    ['/analyze', 'https://user:secret@example.com/v.mp4', /URLs with credentials are not fetched/],
    ['/analyze', 'ftp://example.com/v.mp4', /only http and https URLs can be fetched, not ftp:/],
    ['/analyze', 'file:///etc/passwd', /only http and https URLs can be fetched, not file:/],
    ['/menu-from-maps', 'https://example.com/restaurant/luigi', /url: is not a map-service place URL/],
    ['/menu-from-maps', 'http://192.168.1.1/maps/place/Luigi', /192\.168\.1\.1 is a blocked address \(private\)/],
  ];
  for (const [route, url, reason] of cases) {
    it(`${route} ${url}: 400 with the reason, no 402`, async () => {
      const res = await postJson(`${h.url}${route}`, { url });
      assert.equal(res.status, 400, res.text);
      assert.match(res.json.error, reason);
      assert.equal(res.headers.get('payment-required'), null);
      assert.equal(res.headers.get('www-authenticate'), null);
    });
  }

  it('asks for payment (402) for URLs that pass, so the checks refuse only what they name', async () => {
    for (const [route, url] of [
      ['/analyze', 'https://example.com/v.mp4'],
      ['/analyze', 'https://www.youtube.com/shorts/aqz-KE-bpKQ'],
      ['/menu-from-maps', 'https://www.google.com/maps/place/Luigi+Trattoria/@41.9,12.4,17z'],
    ]) {
      const res = await postJson(`${h.url}${route}`, { url });
      assert.equal(res.status, 402, `${url}: ${res.text}`);
    }
  });
});
