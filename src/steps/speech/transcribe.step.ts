import { defineStep } from '../step.js';
import { type JudgedTranscript, judgeSpeech } from './speech-verdict.js';
import { transcribeSpec } from './transcribe.spec.js';

export const transcribeStep = defineStep<{ audio: string; language?: string }, JudgedTranscript & { engine: string }>({
  ...transcribeSpec,
  async run(input, ctx) {
    const { speech } = ctx.tools;
    const transcript = await speech.transcribe(input.audio, { signal: ctx.signal, workDir: ctx.workDir, language: input.language });
    ctx.engine('speech', speech.name);
    return { ...judgeSpeech(transcript, speech), engine: speech.name };
  },
});
