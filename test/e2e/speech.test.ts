import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { paidJob } from '../support/devnet.js';
import { type FileServer, file, startFileServer } from '../support/file-server.js';
import { type Harness, ROOT, startHarness } from '../support/harness.js';
import { makeClip } from '../support/media.js';
import { LOUD_MUSIC_BELOW_DB, MUSIC_BELOW_DB, SHORT_FACTS, scriptClip } from '../support/speech-clips.js';
import { ENGLISH_SCRIPTS, ENGLISH_VOICES, FOREIGN_CASES, type Voice } from '../support/voices.js';

/** Held-out voices and scripts only (voices.ts): the confidence bar was chosen on the other half. */
const HELD_OUT_SCRIPTS = ENGLISH_SCRIPTS.filter((s) => s.half === 'held-out');
const heldOutVoice = (engine: string, name: string) =>
  ENGLISH_VOICES.find((v) => v.half === 'held-out' && v.voice.engine === engine && v.voice.name === name)!.voice;
const SPANISH = FOREIGN_CASES.find((c) => c.language === 'es' && c.half === 'held-out')!;
const FRENCH = FOREIGN_CASES.find((c) => c.language === 'fr' && c.half === 'held-out' && !c.caption)!;
const voiceClip = (voice: Voice, text: string, caption?: string) =>
  makeClip({ scenes: [{ seconds: 3, source: 'color=c=0x204060', ...(caption ? { caption } : {}) }], speech: text, pause: 0.35, voice });

/**
 * Speech as reels have it: sentences with short pauses, and a music bed under the voice. Clips are made at
 * test time (flite, ffmpeg) and run through the real service with the offline engines (pocketsphinx).
 */
describe('speech: sentences and claims, and speech under a music bed', () => {
  let h: Harness;
  let web: FileServer;

  before(async () => {
    web = await startFileServer({
      // Two claims said one after the other with a short pause, nothing on screen.
      '/two-claims.mp4': file(
        await makeClip({
          scenes: [{ seconds: 3, source: 'color=c=0x303030' }],
          speech: 'This cream removes every wrinkle in seven days. Results are guaranteed for everyone.',
          pause: 0.35,
        }),
      ),
      // Two facts (about 6 s) over chords, melody and drums 9 dB under the voice: the music is plainly heard.
      '/facts-over-music.mp4': file(await makeClip(scriptClip(SHORT_FACTS, LOUD_MUSIC_BELOW_DB))),
      // The same over a band (kick, snare, hi-hats, plucked bass, an arpeggio; chords changing every bar) 12 dB
      // under the voice: little of it is held long enough to be a sustained tone. (9 dB under, "China" is lost.)
      '/facts-over-band.mp4': file(await makeClip(scriptClip(SHORT_FACTS, MUSIC_BELOW_DB, 'band'))),
      // Voices the engine was not tuned to: flite's 8 kHz kal, espeak-ng's en-us, and Spanish with a Spanish caption.
      '/kal.mp4': file(await voiceClip(heldOutVoice('flite', 'kal'), HELD_OUT_SCRIPTS[0].text)),
      '/espeak.mp4': file(await voiceClip(heldOutVoice('espeak-ng', 'en-us'), HELD_OUT_SCRIPTS[1].text)),
      '/spanish.mp4': file(await voiceClip(SPANISH.voice, SPANISH.text, SPANISH.caption)),
      // French with nothing on screen or in the title to say it is not English.
      '/french.mp4': file(await voiceClip(FRENCH.voice, FRENCH.text)),
      // A reel with music and no voice: 8 s of the band bed alone.
      '/band-alone.mp4': file(await makeClip({ scenes: [{ seconds: 8, source: 'color=c=0x402060' }], musicAlone: 'band' })),
    });
    h = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), FETCH_ALLOW_LOOPBACK: 'true' } });
  });
  after(async () => {
    await h?.close();
    await web?.close();
  });

  const run = async (route: string, clip: string) => {
    const job = await paidJob(h, route, { url: `${web.url}/${clip}` }, 180);
    assert.equal(job.status, 'complete', job.error);
    return job.result;
  };

  it('a two-sentence ad gives two claims, one per sentence, each with its times', async () => {
    const result = await run('/ad-debunk', 'two-claims.mp4');
    const claims = result.claims;
    assert.equal(claims.length, 2, JSON.stringify(claims));
    const [first, second] = claims;
    assert.match(first.claim, /wrinkle/i);
    assert.doesNotMatch(first.claim, /guarantee/i, 'the first claim stops at the end of its sentence');
    assert.match(second.claim, /guarantee/i);
    assert.doesNotMatch(second.claim, /wrinkle/i);
    for (const c of claims) {
      assert.equal(c.source, 'speech');
      assert.match(c.claim, /^[A-Z].*\.$/, 'a claim reads as a sentence');
      assert.ok(c.start < c.end, JSON.stringify(c));
    }
    assert.ok(first.end <= second.start, 'the second sentence starts after the first ends');
    assert.deepEqual(second.rules, ['guaranteed-results']);
  });

  for (const [bed, clip] of [
    ['chords, melody and drums', 'facts-over-music.mp4'],
    ['a band, 12 dB under', 'facts-over-band.mp4'],
  ]) {
    it(`speech over a music bed (${bed}) yields its key words, in sentences`, async () => {
      const result = await run('/analyze', clip);
      const said = result.transcript.toLowerCase();
      for (const word of ['china', 'kilometers', 'everest', 'thousand']) assert.ok(said.includes(word), `"${word}" in: ${said}`);
      assert.equal(result.segments.length, 2, `one segment per sentence: ${JSON.stringify(result.segments.map((s: any) => s.text))}`);
      assert.match(result.transcript, /^[A-Z][^.]*\. [A-Z][^.]*\.$/, 'the transcript is punctuated as sentences');
    });
  }

  it('music without a voice is not transcribed: no speech, and the reason says no voice was heard', async () => {
    const result = await run('/analyze', 'band-alone.mp4');
    assert.equal(result.speech, 'none', result.speech_reason);
    assert.equal(result.transcript, '');
    assert.deepEqual(result.segments, []);
    assert.match(result.speech_reason, /no voice was heard/);
  });

  it('a Spanish reel is Spanish or undetermined, never English, and gets no English transcript', async () => {
    const result = await run('/analyze', 'spanish.mp4');
    assert.ok(['es', 'und'].includes(result.language), `language ${result.language}`);
    assert.equal(result.speech, 'unintelligible', result.transcript);
    assert.equal(result.transcript, '');
    assert.deepEqual(result.segments, []);
    assert.match(result.speech_reason, /not recognised with confidence|do not fit its sounds|unlikely to be right/);
    if (result.language === 'es') assert.equal(result.language_source, 'on_screen_text');
  });

  it('French with no caption or title is undetermined, never English, and gets no English transcript', async () => {
    const result = await run('/analyze', 'french.mp4');
    assert.equal(result.language, 'und');
    assert.equal(result.speech, 'unintelligible', result.transcript);
    assert.equal(result.transcript, '');
    assert.deepEqual(result.segments, []);
  });

  for (const [voice, clip, script] of [
    ['flite kal (8 kHz)', 'kal.mp4', HELD_OUT_SCRIPTS[0]],
    ['espeak-ng en-us', 'espeak.mp4', HELD_OUT_SCRIPTS[1]],
  ] as const) {
    it(`${voice}: a transcript that holds (key-word recall of at least 0.75) or an explicit abstention, and claims only from what was heard`, async () => {
      const result = await run('/analyze', clip);
      if (result.speech === 'unintelligible') {
        assert.equal(result.transcript, '');
        assert.notEqual(result.language, 'en', 'English decoding that failed does not make the speech English');
        const verify = await run('/verify', clip);
        assert.ok(
          verify.claims.every((c: { source: string }) => c.source !== 'speech'),
          JSON.stringify(verify.claims),
        );
        assert.match(verify.summary, /^No claims could be heard/);
      } else {
        assert.equal(result.speech, 'recognised');
        const said = result.transcript.toLowerCase();
        const recall = script.keys.filter((k) => said.includes(k)).length / script.keys.length;
        assert.ok(recall >= 0.75, `key-word recall ${recall.toFixed(2)} of a kept transcript: ${said}`);
      }
      assert.ok(typeof result.transcript_confidence === 'number', 'the transcript says how sure the engine is');
    });
  }
});
