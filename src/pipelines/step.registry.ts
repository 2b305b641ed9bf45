import { menuSteps } from '../features/menus/menu-steps.js';
import { audioLevelsStep } from '../steps/audio-levels.step.js';
import { detectScenesStep } from '../steps/detect-scenes.step.js';
import { echoStep } from '../steps/echo.step.js';
import { editorialPortraitStep } from '../steps/editorial-portrait.step.js';
import { factCheckSearchStep } from '../steps/fact-check-search.step.js';
import { failStep } from '../steps/fail.step.js';
import { fetchVideoStep } from '../steps/fetch-video.step.js';
import { hairFormulaStep } from '../steps/hair-formula.step.js';
import { loadImageStep } from '../steps/load-image.step.js';
import { ocrStep } from '../steps/ocr.step.js';
import { probeStep } from '../steps/probe.step.js';
import { promptStep } from '../steps/prompt.step.js';
import { scanDocumentStep } from '../steps/scan-document.step.js';
import { sleepStep } from '../steps/sleep.step.js';
import type { StepExecutor } from '../steps/step.js';
import { transcodeStep } from '../steps/transcode.step.js';
import { transcribeStep } from '../steps/transcribe.step.js';

/** The step executors a pipeline can `use`, by type. */
export class StepRegistry {
  private readonly byType = new Map<string, StepExecutor>();

  constructor(executors: StepExecutor[]) {
    for (const e of executors) {
      if (this.byType.has(e.type)) throw new Error(`step type '${e.type}' is registered twice`);
      this.byType.set(e.type, e);
    }
  }

  get(type: string): StepExecutor | undefined {
    return this.byType.get(type);
  }

  types(): string[] {
    return [...this.byType.keys()].sort();
  }

  all(): StepExecutor[] {
    return this.types().map((t) => this.byType.get(t)!);
  }
}

/** Every executor. A new step is one file in src/steps/ (or in its feature's folder) plus one line here. */
export const builtinSteps: StepExecutor[] = [
  echoStep,
  failStep,
  sleepStep,
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
  ...menuSteps,
];

export function createStepRegistry(): StepRegistry {
  return new StepRegistry(builtinSteps);
}
