import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { paidPost } from '../support/devnet.js';
import { type FileServer, file, startFileServer } from '../support/file-server.js';
import { type Harness, pollJob, ROOT, startHarness } from '../support/harness.js';
import { makeClip, STANDARD_CLIP } from '../support/media.js';
import { type OpenAiServer, startOpenAiServer } from '../support/openai-server.js';

const VALID = {
  title: 'Pasta in ten minutes',
  duration: 6.5,
  transcript: 'welcome to our kitchen',
  topics: ['food & cooking'],
  sentiment: 'positive',
  scenes: [{ index: 0, start: 0, end: 2, description: 'A blue card says save 50 percent' }],
  key_moments: [{ time: 2, kind: 'scene_change', description: 'Cut to the recipe' }],
};

/** The fields of a result the model writes (the rest is the service's evidence). */
const prose = ({ title, topics, sentiment, scenes, key_moments }: typeof VALID) => ({ title, topics, sentiment, scenes, key_moments });

/** A paid /analyze of the clip the file server serves, polled to its end. */
async function analyzeJob(h: Harness, web: FileServer) {
  const res = await paidPost(h, '/analyze', { url: `${web.url}/clip.mp4` });
  assert.equal(res.status, 202, res.text);
  return pollJob(h.url, res.json.job_id, 120);
}

/** The model and speech providers, against a local server speaking the OpenAI API, called by the real clients. */
describe('/analyze with a model and a transcription service (OpenAI protocol)', () => {
  let h: Harness;
  let web: FileServer;
  let ai: OpenAiServer;

  before(async () => {
    const clip = await makeClip(STANDARD_CLIP);
    // A reel with music and no voice: 8 s of the beat bed alone.
    const music = await makeClip({ scenes: [{ seconds: 8, source: 'color=c=0x204060' }], musicAlone: 'beat' });
    web = await startFileServer({ '/clip.mp4': file(clip), '/music.mp4': file(music) });
    ai = await startOpenAiServer();
    ai.transcription = {
      task: 'transcribe',
      language: 'english',
      duration: 6.5,
      text: 'Welcome to our kitchen. Today we cook pasta.',
      segments: [
        { id: 0, start: 0, end: 1.8, text: ' Welcome to our kitchen.' },
        { id: 1, start: 1.8, end: 4.3, text: ' Today we cook pasta.' },
      ],
      words: [
        { word: 'Welcome', start: 0.1, end: 0.6 },
        { word: 'kitchen', start: 1.2, end: 1.7 },
        { word: 'pasta', start: 2.6, end: 3.1 },
      ],
    };
    h = await startHarness({
      env: {
        PIPELINES_DIR: path.join(ROOT, 'pipelines'),
        FETCH_ALLOW_LOOPBACK: 'true',
        LLM_PROVIDER: 'openai-compatible',
        LLM_MODEL: 'test-model',
        LLM_BASE_URL: ai.url,
        LLM_VISION: 'true',
        TRANSCRIBE_PROVIDER: 'openai',
        TRANSCRIBE_BASE_URL: ai.url,
        TRANSCRIBE_MODEL: 'whisper-test',
      },
    });
  });
  after(async () => {
    await h?.close();
    await web?.close();
    await ai?.close();
  });

  const analyze = () => analyzeJob(h, web);

  it("returns the model's valid answer, with the transcription service's transcript and keyframes in the prompt", async () => {
    ai.answers = [{ json: VALID }];
    ai.chatRequests.length = 0;
    const job = await analyze();
    assert.equal(job.status, 'complete', job.error);
    const { title, topics, sentiment, scenes, key_moments } = job.result;
    assert.deepEqual({ title, topics, sentiment, scenes, key_moments }, prose(VALID), 'the model writes the prose');
    // The evidence is the service's: the transcript as heard, its state, confidence and language, and the captions.
    assert.equal(job.result.transcript, 'Welcome to our kitchen. Today we cook pasta.');
    assert.equal(job.result.speech, 'recognised');
    assert.equal(job.result.transcript_confidence, null, 'the service sent no log-probabilities');
    assert.equal(job.result.language, 'en');
    assert.equal(job.result.language_source, 'speech');
    assert.equal(job.result.segments.length, 2);
    assert.ok(
      job.result.on_screen_text.some((c: { text: string }) => /SAVE 50 PERCENT/.test(c.text)),
      JSON.stringify(job.result.on_screen_text),
    );
    assert.equal(job.engines.analysis, 'openai-compatible test-model');
    assert.match(job.engines.speech, /whisper-test/);
    assert.equal(ai.chatRequests.length, 1);
    const content = ai.chatRequests[0].messages[0].content;
    const text = content.find((c: any) => c.type === 'text').text;
    assert.match(text, /Today we cook pasta/, 'the transcript from the transcription service is in the prompt');
    assert.match(text, /SAVE 50 PERCENT TODAY/, 'the on-screen text is in the prompt');
    assert.equal(content.filter((c: any) => c.type === 'image_url').length, 3, 'one keyframe per scene');
    const t = ai.transcriptionRequests.at(-1)!;
    assert.equal(t.model, 'whisper-test');
    assert.equal(t.response_format, 'verbose_json');
    assert.ok(Number(t.file) > 1000, 'the audio was uploaded');
  });

  it('asks once more with the validation errors when the answer breaks the schema, and keeps the corrected one', async () => {
    ai.answers = [{ json: { ...VALID, sentiment: 'great', topics: 'cooking' } }, { json: VALID }];
    ai.chatRequests.length = 0;
    const job = await analyze();
    assert.equal(job.status, 'complete', job.error);
    assert.equal(job.result.sentiment, VALID.sentiment);
    assert.deepEqual(job.result.topics, VALID.topics);
    assert.equal(ai.chatRequests.length, 2);
    const repair = JSON.stringify(ai.chatRequests[1].messages.at(-1));
    assert.match(repair, /sentiment: must be one of/);
    assert.match(repair, /topics: must be array/);
  });

  it("keeps the service's abstention whatever the model writes: unintelligible speech, no transcript, the language heard", async () => {
    const heard = ai.transcription;
    ai.transcription = {
      task: 'transcribe',
      language: 'spanish',
      duration: 6.5,
      text: 'Esta tortilla es la mejor.',
      segments: [{ id: 0, start: 0, end: 2, text: ' Esta tortilla es la mejor.', avg_logprob: -1.6, no_speech_prob: 0.2 }],
    };
    // A model that makes up an English transcript and says the speech was clear.
    ai.answers = [{ json: { ...VALID, language: 'en', speech: 'recognised', transcript_confidence: 0.99 } }];
    ai.chatRequests.length = 0;
    try {
      const job = await analyze();
      assert.equal(job.status, 'complete', job.error);
      assert.equal(job.result.speech, 'unintelligible');
      assert.match(job.result.speech_reason, /not recognised with confidence/);
      assert.equal(job.result.transcript, '');
      assert.deepEqual(job.result.segments, []);
      assert.equal(job.result.transcript_confidence, Math.round(Math.exp(-1.6) * 1000) / 1000);
      assert.equal(job.result.language, 'es');
      assert.equal(job.result.language_source, 'speech');
      assert.ok(
        job.result.missing_evidence.some((m: string) => /^speech: /.test(m)),
        JSON.stringify(job.result.missing_evidence),
      );
      const text = ai.chatRequests[0].messages[0].content.find((c: { type: string }) => c.type === 'text').text;
      assert.doesNotMatch(text, /tortilla/, 'unintelligible words are not shown to the model');
    } finally {
      ai.transcription = heard;
    }
  });

  it('sends music without a voice to no transcription service: no request, no speech, and the reason', async () => {
    const asked = ai.transcriptionRequests.length;
    ai.answers = [{ json: VALID }];
    const res = await paidPost(h, '/analyze', { url: `${web.url}/music.mp4` });
    assert.equal(res.status, 202, res.text);
    const job = await pollJob(h.url, res.json.job_id, 120);
    assert.equal(job.status, 'complete', job.error);
    assert.equal(ai.transcriptionRequests.length, asked, 'the transcription service was not called');
    assert.equal(job.result.speech, 'none');
    assert.match(job.result.speech_reason, /^no voice was heard/);
    assert.equal(job.result.transcript, '');
    assert.deepEqual(job.result.segments, []);
    assert.equal(job.engines.speech, undefined, 'no speech engine ran');
    assert.match(job.engines.voice, /Silero VAD/);
  });

  it('fails the job with a clear error when the answer breaks the schema twice', async () => {
    ai.answers = [{ json: { title: 'only a title' } }];
    const job = await analyze();
    assert.equal(job.status, 'failed');
    assert.match(job.error, /the model's answer did not match the result schema twice: duration: is required/);
  });

  it('fails the job with the HTTP status when the model refuses the call', async () => {
    ai.answers = [{ status: 400, message: 'context length exceeded' }];
    const job = await analyze();
    assert.equal(job.status, 'failed');
    assert.match(job.error, /the model call failed \(HTTP 400\): .*context length exceeded/);
  });
});

describe('/analyze with a transcription service that is unsure (OpenAI protocol, offline analyzer)', () => {
  let h: Harness;
  let web: FileServer;
  let ai: OpenAiServer;

  before(async () => {
    web = await startFileServer({ '/clip.mp4': file(await makeClip(STANDARD_CLIP)) });
    ai = await startOpenAiServer();
    h = await startHarness({
      env: {
        PIPELINES_DIR: path.join(ROOT, 'pipelines'),
        FETCH_ALLOW_LOOPBACK: 'true',
        TRANSCRIBE_PROVIDER: 'openai',
        TRANSCRIBE_BASE_URL: ai.url,
        TRANSCRIBE_MODEL: 'whisper-test',
      },
    });
  });
  after(async () => {
    await h?.close();
    await web?.close();
    await ai?.close();
  });

  const analyze = async () => {
    const job = await analyzeJob(h, web);
    assert.equal(job.status, 'complete', job.error);
    return job.result;
  };
  const segment = (id: number, start: number, text: string, avg_logprob: number, no_speech_prob: number) => ({
    id,
    start,
    end: start + 2,
    text,
    avg_logprob,
    no_speech_prob,
  });

  it("takes the service's log-probabilities as confidence, and drops the segments it calls silence", async () => {
    ai.transcription = {
      task: 'transcribe',
      language: 'english',
      duration: 6.5,
      text: 'Welcome to our kitchen. Thank you for watching.',
      segments: [segment(0, 0, ' Welcome to our kitchen.', -0.2, 0.01), segment(1, 2, ' Thank you for watching.', -1.4, 0.9)],
    };
    const r = await analyze();
    assert.equal(r.speech, 'recognised');
    assert.deepEqual(
      r.segments.map((s: { text: string }) => s.text),
      ['Welcome to our kitchen.'],
    );
    assert.equal(r.segments[0].confidence, Math.round(Math.exp(-0.2) * 1000) / 1000);
    assert.equal(r.language, 'en');
    assert.equal(r.language_source, 'speech');
  });

  it('abstains below its own "failed" line, keeping the language the service identified', async () => {
    ai.transcription = {
      task: 'transcribe',
      language: 'spanish',
      duration: 6.5,
      text: 'Esta tortilla es la mejor.',
      segments: [segment(0, 0, ' Esta tortilla es la mejor.', -1.6, 0.2)],
    };
    const r = await analyze();
    assert.equal(r.speech, 'unintelligible');
    assert.equal(r.transcript, '');
    assert.deepEqual(r.segments, []);
    assert.equal(r.transcript_confidence, Math.round(Math.exp(-1.6) * 1000) / 1000);
    assert.equal(r.language, 'es');
    assert.equal(r.language_source, 'speech');
  });
});
