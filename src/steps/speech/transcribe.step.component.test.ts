import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { writeMusicBed } from '../../../test/support/music-bed.js';
import { TRANSCRIPT } from '../../../test/support/sample-transcript.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import type { SpeechToText } from '../../engines/speech/speech-to-text.port.js';
import { SileroVoiceDetector } from '../../engines/voice/silero-voice-detector.js';
import { transcribeStep } from './transcribe.step.js';

/** transcribe against the speech port, with a fake engine. */
describe('transcribe against the speech port', () => {
  it('returns the engine transcript with its name, passing the language on', async () => {
    let asked: string | undefined;
    const speech: SpeechToText = {
      name: 'fake speech 2',
      confidenceBar: 0.5,
      fitBar: null,
      identifiesLanguage: false,
      transcribe: async (_audio, opts) => {
        asked = opts.language;
        return TRANSCRIPT;
      },
    };
    const ctx = stepContext(fakeTools({ speech }));
    const out = await runStep(transcribeStep, { audio: '/a.wav', language: 'en' }, ctx);
    // An engine without a fitted decision model is judged on its confidence bar alone: no probability.
    const judged = { speech: 'recognised', confidence_bar: 0.5, fit_bar: null, probability: null, probability_bar: null, word_floor: null };
    assert.deepEqual(out, { ...TRANSCRIPT, ...judged, engine: 'fake speech 2' });
    assert.equal(asked, 'en');
    assert.equal(ctx.engines.speech, 'fake speech 2');
  });

  it('abstains below the engine bar: no text, no segments, and a language the engine only assumed becomes und', async () => {
    const unsure = (identifiesLanguage: boolean): SpeechToText => ({
      name: 'fake speech 3',
      confidenceBar: 0.9,
      fitBar: null,
      identifiesLanguage,
      transcribe: async () => TRANSCRIPT,
    });
    const out = await runStep(transcribeStep, { audio: '/a.wav' }, stepContext(fakeTools({ speech: unsure(false) })));
    assert.equal(out.speech, 'unintelligible');
    assert.equal(out.text, '');
    assert.deepEqual(out.segments, []);
    assert.equal(out.language, 'und');
    assert.equal(out.confidence, 0.8);
    assert.match(out.reason ?? '', /not recognised with confidence .*0\.80, under the bar of 0\.9/);
    const identified = await runStep(transcribeStep, { audio: '/a.wav' }, stepContext(fakeTools({ speech: unsure(true) })));
    assert.equal(identified.language, 'en');
  });

  it('asks the voice detector first: music alone is not transcribed and says why; speech goes to the engine', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'transcribe-voice-'));
    try {
      const music = path.join(dir, 'music.wav');
      await writeMusicBed(music, 10, 'beat');
      const said = path.join(dir, 'said.wav');
      await promisify(execFile)('flite', ['-voice', 'rms', '-t', 'Fresh pasta in ten minutes.', '-o', said]);
      const speechWav = path.join(dir, 'speech.wav');
      await promisify(execFile)('ffmpeg', ['-v', 'error', '-y', '-i', said, '-ar', '16000', '-ac', '1', speechWav]);
      const asked: string[] = [];
      const speech: SpeechToText = {
        name: 'fake speech 4',
        confidenceBar: 0.5,
        fitBar: null,
        identifiesLanguage: false,
        transcribe: async (audio) => {
          asked.push(audio);
          return TRANSCRIPT;
        },
      };
      const voice = new SileroVoiceDetector();
      const ctx = stepContext(fakeTools({ speech, voice }));
      const none = await runStep(transcribeStep, { audio: music }, ctx);
      assert.deepEqual(asked, [], 'the engine is not asked to transcribe music alone');
      assert.equal(none.speech, 'none');
      assert.equal(none.text, '');
      assert.deepEqual(none.segments, []);
      assert.equal(none.language, null);
      assert.match(none.reason ?? '', /^no voice was heard: Silero VAD/);
      assert.equal(ctx.engines.voice, voice.name);
      const heard = await runStep(transcribeStep, { audio: speechWav }, stepContext(fakeTools({ speech, voice })));
      assert.deepEqual(asked, [speechWav]);
      assert.equal(heard.speech, 'recognised');
      // A detector that fails (here: no such file) costs the job nothing but a warning: the engine is asked.
      const missing = path.join(dir, 'missing.wav');
      const failed = stepContext(fakeTools({ speech, voice }));
      assert.equal((await runStep(transcribeStep, { audio: missing }, failed)).speech, 'recognised');
      assert.deepEqual(asked, [speechWav, missing]);
      assert.equal(failed.warnings.length, 1);
      assert.match(failed.warnings[0], /^the voice detector failed .*transcribed without asking it$/s);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
