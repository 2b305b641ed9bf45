import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createAjv, describeErrors } from './ajv.js';

/** What request validation says of `image_b64`: null when it is accepted, else its error line. */
const validate = (() => {
  const check = createAjv().compile({ type: 'object', properties: { image_b64: { type: 'string', 'x-image': true } } });
  return (image_b64: string) => (check({ image_b64 }) ? null : describeErrors(check.errors).join('; '));
})();

/** A noisy photo-like JPEG or PNG (noise, so its base64 holds every character, + and / among them). */
async function image(format: 'jpeg' | 'png', width = 120, height = 90): Promise<Buffer> {
  const noise = Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251));
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

describe('the x-image keyword', () => {
  let jpeg: string;
  let png: string;
  before(async () => {
    jpeg = (await image('jpeg')).toString('base64');
    png = (await image('png')).toString('base64');
  });

  it('accepts a JPEG or PNG as base64, with a data URI prefix, in MIME lines or in the URL-safe alphabet', () => {
    assert.ok(/[+/]/.test(jpeg), 'the test image exercises + and /');
    assert.equal(validate(jpeg), null);
    assert.equal(validate(png), null);
    assert.equal(validate(`data:image/jpeg;base64,${jpeg}`), null);
    assert.equal(validate(jpeg.replace(/.{76}/g, '$&\r\n')), null);
    assert.equal(validate(jpeg.replace(/\+/g, '-').replace(/\//g, '_')), null);
    assert.equal(validate(jpeg.replace(/=+$/, '')), null);
  });

  it('refuses text that is not base64 wherever the stray character is, padding included', () => {
    const strays = [
      `${jpeg.slice(0, 400)}!${jpeg.slice(400)}`,
      `${jpeg.slice(0, 400)}=${jpeg.slice(401)}`,
      `${jpeg.slice(0, 400)}é${jpeg.slice(401)}`,
      `${jpeg}A`,
    ];
    // One stray in a text of 4n+1 base64 characters before its padding decodes to as many bytes as it promises.
    const unpadded = jpeg.replace(/=+$/, '');
    const cut = unpadded.slice(0, unpadded.length - (unpadded.length % 4));
    strays.push(`${cut}!=`, `${cut}AAAA!`);
    for (const text of strays) assert.equal(validate(text), 'image_b64: is not base64', text.slice(-12));
    assert.equal(validate('this is not base64 at all!'), 'image_b64: is not base64');
  });

  it('names what else is wrong: not an image, too small, too large', async () => {
    assert.equal(validate(Buffer.from('GIF89a not an image').toString('base64')), 'image_b64: it is not a PNG or JPEG image');
    assert.equal(validate((await image('png', 20, 20)).toString('base64')), 'image_b64: is 20x20 pixels; at least 64x64 is needed');
    const eleven = Buffer.concat([await image('jpeg'), Buffer.alloc(11 * 1024 * 1024)]);
    assert.equal(validate(eleven.toString('base64')), 'image_b64: is larger than 10 MiB');
    // Just over the limit, where the text's length alone does not tell.
    const over = Buffer.concat([await image('jpeg'), Buffer.alloc(10 * 1024 * 1024)]);
    assert.equal(validate(over.toString('base64')), 'image_b64: is larger than 10 MiB');
  });

  it('finds the size of a JPEG whose frame header lies past large metadata', async () => {
    const bytes = await image('jpeg', 300, 200);
    // Five 64 KB comment segments (COM) between the start marker and the rest: 320 KB before the size.
    const comment = Buffer.alloc(65535 + 2, 0x20);
    comment.writeUInt16BE(0xfffe, 0);
    comment.writeUInt16BE(65535, 2);
    const padded = Buffer.concat([bytes.subarray(0, 2), ...Array(5).fill(comment), bytes.subarray(2)]);
    assert.equal(validate(padded.toString('base64')), null);
    const tiny = await image('jpeg', 40, 30);
    const tinyPadded = Buffer.concat([tiny.subarray(0, 2), ...Array(5).fill(comment), tiny.subarray(2)]);
    assert.equal(validate(tinyPadded.toString('base64')), 'image_b64: is 40x30 pixels; at least 64x64 is needed');
  });
});
