import { menuSteps } from '../features/menus/menu-steps.js';
import { audioLevelsStep } from './audio-levels.step.js';
import { detectScenesStep } from './detect-scenes.step.js';
import { echoStep } from './echo.step.js';
import { editorialPortraitStep } from './editorial-portrait.step.js';
import { factCheckSearchStep } from './fact-check-search.step.js';
import { failStep } from './fail.step.js';
import { fetchVideoStep } from './fetch-video.step.js';
import { hairFormulaStep } from './hair-formula.step.js';
import { loadImageStep } from './load-image.step.js';
import { ocrStep } from './ocr.step.js';
import { probeStep } from './probe.step.js';
import { promptStep } from './prompt.step.js';
import { scanDocumentStep } from './scan-document.step.js';
import { sleepStep } from './sleep.step.js';
import type { StepExecutor } from './step.js';
import { transcodeStep } from './transcode.step.js';
import { transcribeStep } from './transcribe.step.js';

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
