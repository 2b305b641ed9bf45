import { fileURLToPath } from 'node:url';
import { runProcess } from '../process/run-process.js';
import type { VoiceDetector } from './voice-detector.port.js';

const SCRIPT = fileURLToPath(new URL('./silero-voice.process.js', import.meta.url));

/**
 * The voice-detector port on Silero VAD (silero-voice.process.ts), in a Node process of its own per recording, as the
 * other engines' programs run: onnxruntime's library and session (about 50 MB, never handed back once loaded) stay
 * out of the worker's memory, for about 0.1 s of CPU to start.
 */
export class SileroVoiceDetector implements VoiceDetector {
  readonly name = 'Silero VAD v5 (local)';

  async firstVoice(audio: string, signal: AbortSignal): Promise<number | null> {
    const { stdout } = await runProcess(process.execPath, [SCRIPT, audio], { signal, name: 'silero-vad' });
    return (JSON.parse(stdout) as { firstVoice: number | null }).firstVoice;
  }
}
