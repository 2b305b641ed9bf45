import { Module } from '@nestjs/common';
import { PipelinesModule } from '../pipelines/pipelines.module.js';
import { DiscoveryController } from './discovery.controller.js';

/** The discovery documents (landing page, OpenAPI, the payment protocols' manifests, llms.txt, agents.json, ai-plugin.json). */
@Module({
  imports: [PipelinesModule],
  controllers: [DiscoveryController],
})
export class DiscoveryModule {}
