import { defineSpec } from '../step.js';

const word = {
  type: 'object',
  required: ['word', 'start', 'end'],
  properties: {
    word: { type: 'string' },
    start: { type: 'number' },
    end: { type: 'number' },
    confidence: { type: 'number' },
    uncertain: { type: 'boolean' },
  },
};

const confidence = { type: 'number', minimum: 0, maximum: 1 };

export const transcribeSpec = defineSpec({
  type: 'transcribe',
  summary: 'Turns speech into a timed transcript',
  description:
    'Transcribes `audio` (16 kHz mono WAV, as `transcode` makes) with the configured engine (TRANSCRIBE_PROVIDER), ' +
    'once a voice activity detector (VOICE_DETECTION: Silero VAD) has found speech in it (music or other sound alone is `none`, not transcribed): ' +
    '`local` is pocketsphinx, offline, US English, with word times: the voice isolated from music and noise first ' +
    '(VOICE_ISOLATION; under a music bed the engine searches wider and votes word by word between three readings of the voice, SPEECH_BED_READINGS), the audio split at silences and the pieces run in parallel, the words grouped into punctuated ' +
    'sentences; `openai` is any OpenAI-compatible /v1/audio/transcriptions endpoint. Outputs `text`, `language` ' +
    '(BCP 47, `und` or null), `segments` [{start, end, text, words?, confidence?}], one per sentence, `confidence` (0-1 or ' +
    "null), `confidence_bar` (the engine's bar, or null), `fit` (how well the words fit the sounds: pocketsphinx's acoustic log-likelihood per " +
    "frame, or null) and `fit_bar`, `agreement` (pocketsphinx, on a grey-zone transcript only: the share of its words a second decoding of the voice shifted 5% up heard again), `probability` (the chance the transcript is right enough, at most half its words wrong, from those measures by the engine's calibrated model, or null) with `probability_bar` (kept at or over it) and `word_floor` (words under it carry `uncertain: true`), `speech` (`recognised`; `unintelligible`: under the probability bar, or without a model under the confidence bar, with no text or segments; " +
    '`none`: no voice or no words heard), `reason` when not recognised, and `engine`.',
  with: {
    type: 'object',
    required: ['audio'],
    additionalProperties: false,
    properties: { audio: { type: 'string' }, language: { type: 'string', pattern: '^[a-z]{2}(-[A-Z]{2})?$' } },
  },
  output: {
    type: 'object',
    required: ['text', 'language', 'segments', 'confidence', 'confidence_bar', 'fit_bar', 'speech', 'engine'],
    additionalProperties: false,
    properties: {
      text: { type: 'string' },
      language: { type: ['string', 'null'] },
      segments: {
        type: 'array',
        items: {
          type: 'object',
          required: ['start', 'end', 'text'],
          properties: {
            start: { type: 'number' },
            end: { type: 'number' },
            text: { type: 'string' },
            words: { type: 'array', items: word },
            confidence,
          },
        },
      },
      confidence: { oneOf: [confidence, { type: 'null' }] },
      confidence_bar: { oneOf: [confidence, { type: 'null' }] },
      fit: { type: ['number', 'null'] },
      fit_bar: { type: ['number', 'null'] },
      agreement: confidence,
      probability: { oneOf: [confidence, { type: 'null' }] },
      probability_bar: { oneOf: [confidence, { type: 'null' }] },
      word_floor: { oneOf: [confidence, { type: 'null' }] },
      speech: { enum: ['recognised', 'unintelligible', 'none'] },
      reason: { type: 'string' },
      engine: { type: 'string' },
    },
  },
  example: `- id: speech\n  uses: transcribe\n  with: { audio: "{{steps.audio.audio_path}}" }`,
});
