import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { FakeWeb } from '../../../test/support/fake-web.js';
import { knownFailure } from '../../../test/support/known-failure-match.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { loadImageStep } from './load-image.step.js';

/** load_image against the web port, with a fake web. */
function setUp(pages: ConstructorParameters<typeof FakeWeb>[0]) {
  return { ctx: stepContext(fakeTools({ web: new FakeWeb(pages) })) };
}

describe('load_image against the web port', () => {
  it('writes a base64 image or a downloaded one to the work directory, checking its type and size', async () => {
    const png = await sharp({ create: { width: 100, height: 80, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    const { ctx } = setUp({
      'https://img.example/a.png': { contentType: 'image/png', body: png },
      'https://img.example/nope': { status: 404, body: '' },
    });
    const fromB64 = await runStep(loadImageStep, { image_b64: png.toString('base64') }, ctx);
    assert.deepEqual(fromB64, {
      path: path.join(ctx.workDir, 'input.png'),
      mime_type: 'image/png',
      width: 100,
      height: 80,
      bytes: png.length,
    });
    const fromUrl = await runStep(loadImageStep, { image_url: 'https://img.example/a.png' }, ctx);
    assert.equal(fromUrl.width, 100);
    await assert.rejects(
      runStep(loadImageStep, { image_url: 'https://img.example/nope' }, ctx),
      knownFailure('the image URL answered HTTP 404'),
    );
    await assert.rejects(
      runStep(loadImageStep, { image_url: 'http://10.1.2.3/a.png' }, ctx),
      knownFailure('the image URL is blocked: 10.1.2.3 is a blocked address (private)'),
    );
    const tiny = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    await assert.rejects(
      runStep(loadImageStep, { image_b64: tiny.toString('base64') }, ctx),
      knownFailure('the image is 20x20 pixels; at least 64x64 is needed'),
    );
  });
});
