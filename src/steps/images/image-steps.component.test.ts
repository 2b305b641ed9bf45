import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import sharp from 'sharp';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import type { DocumentScan, DocumentScanner } from '../../engines/images/document-scanner.port.js';
import type { Face, FaceDetector } from '../../engines/images/face-detector.port.js';
import type { ImageEditor } from '../../engines/images/image-editor.port.js';
import type { PortraitComposer } from '../../engines/images/portrait-composer.port.js';
import { KnownFailure } from '../../engines/known-failure.js';
import { editorialPortraitStep } from './editorial-portrait.step.js';
import { hairFormulaStep } from './hair-formula.step.js';
import { scanDocumentStep } from './scan-document.step.js';

/** hair_formula, editorial_portrait and scan_document against the face, image-editor and scanner ports, with fake engines. */
const photoFile = path.join(stepContext(fakeTools()).workDir, 'photo.jpg');
before(async () => {
  await sharp({ create: { width: 400, height: 500, channels: 3, background: '#c8a080' } })
    .jpeg()
    .toFile(photoFile);
});

/** A face whose mesh has the measured points of an oval face (length 1.18, jaw 0.80, forehead 0.88 of the cheekbones). */
function ovalFace(over: Partial<Face> = {}): Face {
  const mesh: Array<[number, number, number]> = Array.from({ length: 468 }, () => [0, 0, 0]);
  const put = (i: number, x: number, y: number) => (mesh[i] = [x, y, 0]);
  put(10, 200, 100);
  put(152, 200, 336);
  put(234, 100, 220);
  put(454, 300, 220);
  put(172, 120, 300);
  put(397, 280, 300);
  put(54, 112, 140);
  put(284, 288, 140);
  return { box: [100, 100, 200, 240], mesh, yaw: 0, pitch: 0, roll: 0, score: 0.95, ...over };
}

const faces = (...found: Face[]): FaceDetector => ({ name: 'fake faces', detect: async () => found });
const knownFailure = (pattern: RegExp) => (err: unknown) => err instanceof KnownFailure && pattern.test(err.message);

describe('hair_formula against the face port', () => {
  it('measures the face, classifies it, and answers with its recipes and share cards', async () => {
    const ctx = stepContext(fakeTools({ faces: faces(ovalFace()) }));
    const out = await runStep(hairFormulaStep, { image: photoFile }, ctx);
    assert.equal(out.face_shape, 'oval');
    assert.deepEqual(out.measurements, { length_to_width: 1.18, jaw_to_cheekbones: 0.8, forehead_to_cheekbones: 0.88, yaw_degrees: 0 });
    assert.equal(out.recipes.length, 3);
    assert.equal(out.share_cards.length, 3);
    const card = await sharp(Buffer.from(out.share_cards[0].image_b64, 'base64')).metadata();
    assert.equal(card.format, 'png');
    assert.equal(out.reading.decided_by, 'measurement');
    assert.equal(ctx.engines.faces, 'fake faces');
  });

  it('refuses no face, two people, and a face turned away, saying why', async () => {
    const run = (detector: FaceDetector) => runStep(hairFormulaStep, { image: photoFile }, stepContext(fakeTools({ faces: detector })));
    await assert.rejects(run(faces()), knownFailure(/^no face was found in the photo/));
    await assert.rejects(run(faces(ovalFace(), ovalFace())), knownFailure(/^2 faces were found in the photo; send a photo of one person$/));
    await assert.rejects(
      run(faces(ovalFace({ yaw: 30 }))),
      knownFailure(/^the face is turned 30 degrees; face the camera \(within 15 degrees\)/),
    );
  });
});

describe('editorial_portrait against the face and image-editor ports', () => {
  it('sends the photo and the rendered prompt to the image model, and answers a 1024x1024 JPEG', async () => {
    const calls: Array<{ prompt: string; image: string }> = [];
    const edited = await sharp({ create: { width: 600, height: 400, channels: 3, background: 'navy' } })
      .png()
      .toBuffer();
    const imageEditor: ImageEditor = {
      name: 'fake image model',
      edit: async (call) => {
        calls.push(call);
        return edited;
      },
    };
    const ctx = stepContext(fakeTools({ faces: faces(ovalFace()), imageEditor }));
    const out = await runStep(
      editorialPortraitStep,
      { image: photoFile, mime_type: 'image/jpeg', clothing_style: 'navy blazer', color_palette: null, pose: null },
      ctx,
    );
    assert.equal(calls.length, 1);
    assert.equal(calls[0].image, photoFile);
    assert.match(calls[0].prompt, /navy blazer/);
    assert.deepEqual(out.applied, { clothing_style: true, color_palette: false, pose: false });
    const meta = await sharp(Buffer.from(out.image_b64, 'base64')).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 1024, 1024]);
    assert.equal(ctx.engines.portrait, 'fake image model');
  });

  it('composes the portrait offline with the portrait engine, saying what it could not apply', async () => {
    const calls: Array<{ image: string; face: Face; style: { backdrop: number[]; tint: number[] } }> = [];
    const jpeg = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: 'teal' } })
      .jpeg()
      .toBuffer();
    const portraits: PortraitComposer = { name: 'fake portraits', compose: async (call) => (calls.push(call), jpeg) };
    const face = ovalFace();
    const ctx = stepContext(fakeTools({ faces: faces(face), portraits }));
    const input = { image: photoFile, mime_type: 'image/jpeg', color_palette: 'teal', pose: 'arms crossed' };
    const out = await runStep(editorialPortraitStep, input, ctx);
    assert.equal(calls.length, 1);
    assert.equal(calls[0].image, photoFile);
    assert.deepEqual(calls[0].face, face);
    assert.notDeepEqual(calls[0].style.backdrop, calls[0].style.tint);
    assert.deepEqual(out.applied, { clothing_style: false, color_palette: true, pose: false });
    assert.ok(
      out.notes.some((n: string) => /^pose needs an image model/.test(n)),
      out.notes.join(' | '),
    );
    assert.equal(out.image_b64, jpeg.toString('base64'));
    assert.equal(ctx.engines.portrait, 'fake portraits');
  });

  it('fails when the image model answers bytes that are not an image, or the photo has no face', async () => {
    const junk: ImageEditor = { name: 'junk', edit: async () => Buffer.from('not an image') };
    const input = { image: photoFile, mime_type: 'image/jpeg' };
    await assert.rejects(
      runStep(editorialPortraitStep, input, stepContext(fakeTools({ faces: faces(ovalFace()), imageEditor: junk }))),
      knownFailure(/^the image model answered with bytes that are not an image$/),
    );
    await assert.rejects(
      runStep(editorialPortraitStep, input, stepContext(fakeTools({ faces: faces(), imageEditor: junk }))),
      knownFailure(/^no face was found/),
    );
    assert.ok(fs.existsSync(photoFile));
  });
});

describe('scan_document against the scanner port', () => {
  /** A scanner answering `scan` for any photo, remembering which files it was given. */
  const scanner = (scan: DocumentScan) => {
    const seen: string[] = [];
    const fake: DocumentScanner = { name: 'fake scanner', scan: async (image) => (seen.push(image), scan) };
    return { fake, seen };
  };

  it("answers the scanner's PNG as base64, with its size and the page's corners, and names the scanner", async () => {
    const png = await sharp({ create: { width: 160, height: 200, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    const corners: Array<[number, number]> = [
      [10, 12],
      [150, 14],
      [148, 190],
      [8, 188],
    ];
    const { fake, seen } = scanner({ png, width: 160, height: 200, corners });
    const ctx = stepContext(fakeTools({ scanner: fake }));
    const out = await runStep(scanDocumentStep, { image: photoFile }, ctx);
    assert.deepEqual(seen, [photoFile]);
    assert.deepEqual(Buffer.from(out.image_b64, 'base64'), png);
    assert.deepEqual({ ...out, image_b64: '' }, { image_b64: '', mime_type: 'image/png', width: 160, height: 200, corners });
    assert.equal(ctx.engines.scan, 'fake scanner');
  });

  it('passes on a scan without a page outline: corners null and the note saying so', async () => {
    const note = 'no page outline was found: the photo was deskewed and cleaned, not flattened';
    const { fake } = scanner({ png: Buffer.from('png'), width: 2048, height: 1536, corners: null, note });
    const out = await runStep(scanDocumentStep, { image: photoFile }, stepContext(fakeTools({ scanner: fake })));
    assert.equal(out.corners, null);
    assert.equal(out.note, note);
  });
});
