import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryController } from '../discovery/discovery.controller.js';
import { HealthController } from '../http/health.controller.js';
import { AdminController } from '../http/admin.controller.js';
import { DevnetController } from '../http/devnet.controller.js';
import { JobsController } from '../http/jobs.controller.js';
import type { Runtime } from './runtime.js';
import { RUNTIME } from './tokens.js';

/** The HTTP host: fixed routes as Nest controllers; the generated paid routes are added in create-app.ts. */
@Module({})
export class AppModule {
  static forRuntime(rt: Runtime): DynamicModule {
    return {
      module: AppModule,
      controllers: [JobsController, HealthController, DiscoveryController, DevnetController, AdminController],
      providers: [{ provide: RUNTIME, useValue: rt }],
    };
  }
}
