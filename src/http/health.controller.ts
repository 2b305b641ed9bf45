import { Controller, Get, Inject } from '@nestjs/common';
import { RUNTIME } from '../app/tokens.js';
import type { Runtime } from '../app/runtime.js';
import { ApiError } from './api-error.js';

/** 200 once the service can take requests; 503 while its queue backend (Redis) does not answer. */
@Controller('healthz')
export class HealthController {
  constructor(@Inject(RUNTIME) private readonly rt: Runtime) {}

  @Get()
  async health() {
    const queue = this.rt.queue.driver;
    if (!(await this.rt.healthy())) throw new ApiError(503, `${queue === 'bullmq' ? 'Redis' : 'the job queue'} does not answer`);
    return { status: 'ok', role: this.rt.config.role, queue, pipelines: this.rt.pipelines.all().length };
  }
}
