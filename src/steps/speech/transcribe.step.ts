import type { VoiceDetector } from '../../engines/voice/voice-detector.port.js';
import { defineStep, type StepContext } from '../step.js';
import { type JudgedTranscript, judgeSpeech, noVoiceHeard } from './speech-verdict.js';
import { transcribeSpec } from './transcribe.spec.js';

export const transcribeStep = defineStep<{ audio: string; language?: string }, JudgedTranscript & { engine: string }>({
  ...transcribeSpec,
  async run(input, ctx) {
    const { speech, voice } = ctx.tools;
    // Music or other sound alone is not decoded: an engine turns it into words (or spends seconds finding none).
    if (voice && !(await heardVoice(voice, input.audio, ctx))) return { ...noVoiceHeard(speech, voice.name), engine: speech.name };
    const transcript = await speech.transcribe(input.audio, { signal: ctx.signal, workDir: ctx.workDir, language: input.language });
    ctx.engine('speech', speech.name);
    return { ...judgeSpeech(transcript, speech), engine: speech.name };
  },
});

/**
 * Whether the voice detector finds speech in the audio. A detector that fails is a warning, not the job's end: the
 * audio is transcribed as if it had found a voice.
 */
async function heardVoice(voice: VoiceDetector, audio: string, ctx: StepContext): Promise<boolean> {
  try {
    const found = (await voice.firstVoice(audio, ctx.signal)) !== null;
    ctx.engine('voice', voice.name);
    return found;
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    ctx.warn(`the voice detector failed (${(err as Error).message}); the audio was transcribed without asking it`);
    return true;
  }
}
