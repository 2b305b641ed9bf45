import type { MediaInfo } from '../../engines/video/video-engine.port.js';
import { defineStep } from '../step.js';
import { probeSpec } from './probe.spec.js';

export const probeStep = defineStep<{ path: string }, MediaInfo>({
  ...probeSpec,
  async run(input, ctx) {
    return ctx.tools.video.probe(input.path, ctx.signal);
  },
});
