import { factCheckSearchStep } from './fact-check/fact-check-search.step.js';
import { editorialPortraitStep } from './images/editorial-portrait.step.js';
import { hairFormulaStep } from './images/hair-formula.step.js';
import { loadImageStep } from './images/load-image.step.js';
import { scanDocumentStep } from './images/scan-document.step.js';
import { findMenuStep } from './menus/find-menu.step.js';
import { priceMenuStep } from './menus/price-menu.step.js';
import { resolvePlaceStep } from './menus/resolve-place.step.js';
import { translateMenuStep } from './menus/translate-menu.step.js';
import { ocrStep } from './on-screen-text/ocr.step.js';
import { promptStep } from './prompt/prompt.step.js';
import { detectScenesStep } from './scenes/detect-scenes.step.js';
import { audioLevelsStep } from './speech/audio-levels.step.js';
import { transcribeStep } from './speech/transcribe.step.js';
import type { StepExecutor } from './step.js';
import { fetchVideoStep } from './video/fetch-video.step.js';
import { probeStep } from './video/probe.step.js';
import { transcodeStep } from './video/transcode.step.js';

/**
 * Every step executor, in the order of specs.ts (a test holds them equal). Imported only where jobs run (loadExecutor,
 * StepsModule): it brings every step's code and, through them, what their engines import.
 */
export const builtinSteps: StepExecutor[] = [
  fetchVideoStep,
  probeStep,
  transcodeStep,
  detectScenesStep,
  audioLevelsStep,
  ocrStep,
  transcribeStep,
  promptStep,
  factCheckSearchStep,
  loadImageStep,
  scanDocumentStep,
  hairFormulaStep,
  editorialPortraitStep,
  // the /menu-from-maps feature, in pipeline order
  resolvePlaceStep,
  findMenuStep,
  priceMenuStep,
  translateMenuStep,
];
