// What the benches' in-process services are given beside their own settings.
import path from 'node:path';

/** The test pipelines' steps (echo, sleep, fail) are not shipped: the tests' build of them, loaded by name (STEP_MODULES). */
export function testStepsModule(root) {
  return path.join(root, 'dist/test/support/test-steps.js');
}

/** The engines' settings a run passes through from its own environment, for an A/B of one build under two settings. */
export function engineSettingsFromEnv() {
  const names = [
    'FFMPEG_PATH',
    'FFPROBE_PATH',
    'VOICE_ISOLATION',
    'VOICE_DETECTION',
    'SPEECH_DECODER',
    'POCKETSPHINX_WARM_PATH',
    'TESSERACT_LANG',
    'TESSERACT_DATA_DIR',
  ];
  return Object.fromEntries(names.filter((k) => process.env[k]).map((k) => [k, process.env[k]]));
}
