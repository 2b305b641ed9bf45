import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertRefusedUnpaid } from '../support/devnet.js';
import { type FileServer, file, startFileServer } from '../support/file-server.js';
import { type Harness, ROOT, startHarness } from '../support/harness.js';
import { makeClip } from '../support/media.js';

const OUT = path.join(ROOT, 'test-artifacts', 'refused-before-settlement');

/**
 * Sources a paid request names that are known to fail are refused after the payment verifies and before it
 * settles: the signed payment is answered 422 with the reason, and neither the payer's nor the payee's balance
 * moves on the devnet chain. Served from 127.0.0.1 as people send them.
 */
describe('sources refused before settlement, nothing charged', () => {
  let h: Harness;
  let web: FileServer;

  before(async () => {
    fs.rmSync(OUT, { recursive: true, force: true });
    fs.mkdirSync(OUT, { recursive: true });
    const clip = await makeClip({ scenes: [{ seconds: 3, source: 'testsrc2' }], speech: 'Cook the pasta.' });
    const atEnd = path.join(OUT, 'at-end.mp4');
    const { execFileSync } = await import('node:child_process');
    execFileSync('ffmpeg', ['-y', '-v', 'error', '-i', clip, '-c', 'copy', atEnd]); // the index (moov) after the media data
    const whole = fs.readFileSync(atEnd);
    fs.writeFileSync(path.join(OUT, 'truncated.mp4'), whole.subarray(0, Math.floor(whole.length * 0.3)));
    fs.writeFileSync(path.join(OUT, 'junk.mp4'), Buffer.alloc(400 * 1024, 0x41));
    fs.writeFileSync(path.join(OUT, 'huge.jpg'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(11 * 1024 * 1024)]));
    const page = (body: string) => (_q: unknown, res: import('node:http').ServerResponse) =>
      void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><html><head><title>About us</title></head><body>${body}</body></html>`);
    web = await startFileServer({
      '/about.html': page('<p>We are a small team.</p>'),
      '/truncated.mp4': file(path.join(OUT, 'truncated.mp4')),
      '/junk.mp4': file(path.join(OUT, 'junk.mp4')),
      '/huge.jpg': file(path.join(OUT, 'huge.jpg'), 'image/jpeg'),
      '/missing.jpg': (_q, res) => void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    });
    h = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), FETCH_ALLOW_LOOPBACK: 'true', MPP_ENABLED: 'false' } });
  });
  after(async () => {
    await h?.close();
    await web?.close();
  });

  /** A paid request refused at settlement: 422 naming `reason` and saying nothing was charged, and no balance moved. */
  const refusedUnpaid = (route: string, body: Record<string, unknown>, reason: RegExp) => assertRefusedUnpaid(h, route, body, reason);

  for (const route of ['/pfp', '/hair-formula', '/scan-style']) {
    it(`${route}: an image_url that does not resolve, answers 404, serves HTML or is over 10 MiB`, async () => {
      await refusedUnpaid(
        route,
        { image_url: 'http://no-such-host.invalid/me.jpg' },
        /the image URL could not be reached \((ENOTFOUND|EAI_AGAIN)\)/,
      );
      await refusedUnpaid(route, { image_url: `${web.url}/missing.jpg` }, /the image URL answered HTTP 404/);
      await refusedUnpaid(
        route,
        { image_url: `${web.url}/about.html` },
        /the image URL does not serve a JPEG or PNG \(it serves text\/html/,
      );
      await refusedUnpaid(route, { image_url: `${web.url}/huge.jpg` }, /the image URL serves 11\.0 MiB; the limit is 10 MiB/);
    });
  }

  it('/analyze: a page with no video', async () => {
    await refusedUnpaid('/analyze', { url: `${web.url}/about.html` }, /the page at the URL holds no video that can be downloaded/);
  });

  it('/verify: a truncated mp4 (its index, at the end, cut off)', async () => {
    await refusedUnpaid(
      '/verify',
      { url: `${web.url}/truncated.mp4` },
      /is not a readable video: its media data runs past the end of the file/,
    );
  });

  it('/product-id: a file that is not media at all, served as video/mp4', async () => {
    await refusedUnpaid('/product-id', { url: `${web.url}/junk.mp4` }, /the file it serves is not a readable video/);
  });
});
