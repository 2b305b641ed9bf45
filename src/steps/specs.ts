import { factCheckSearchSpec } from './fact-check/fact-check-search.spec.js';
import { editorialPortraitSpec } from './images/editorial-portrait.spec.js';
import { hairFormulaSpec } from './images/hair-formula.spec.js';
import { loadImageSpec } from './images/load-image.spec.js';
import { scanDocumentSpec } from './images/scan-document.spec.js';
import { findMenuSpec } from './menus/find-menu.spec.js';
import { priceMenuSpec } from './menus/price-menu.spec.js';
import { resolvePlaceSpec } from './menus/resolve-place.spec.js';
import { translateMenuSpec } from './menus/translate-menu.spec.js';
import { ocrSpec } from './on-screen-text/ocr.spec.js';
import { promptSpec } from './prompt/prompt.spec.js';
import { detectScenesSpec } from './scenes/detect-scenes.spec.js';
import { audioLevelsSpec } from './speech/audio-levels.spec.js';
import { transcribeSpec } from './speech/transcribe.spec.js';
import type { StepSpec } from './step.js';
import { fetchVideoSpec } from './video/fetch-video.spec.js';
import { probeSpec } from './video/probe.spec.js';
import { transcodeSpec } from './video/transcode.spec.js';

/**
 * Every step's spec, the one place that names them: a new step is a spec file and an executor file in its home under
 * src/steps/ (with its helpers and tests) plus one line here and one in catalogue.ts. The pipelines' registry takes this
 * list (and the steps of STEP_MODULES: the tests add their echo, fail and sleep steps that way); it is all of the
 * steps that a process which only takes requests loads.
 */
export const builtinSpecs: StepSpec[] = [
  fetchVideoSpec,
  probeSpec,
  transcodeSpec,
  detectScenesSpec,
  audioLevelsSpec,
  ocrSpec,
  transcribeSpec,
  promptSpec,
  factCheckSearchSpec,
  loadImageSpec,
  scanDocumentSpec,
  hairFormulaSpec,
  editorialPortraitSpec,
  // the /menu-from-maps feature, in pipeline order
  resolvePlaceSpec,
  findMenuSpec,
  priceMenuSpec,
  translateMenuSpec,
];
