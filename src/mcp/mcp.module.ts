import { Module } from '@nestjs/common';
import { HttpModule } from '../http/http.module.js';
import { PipelinesModule } from '../pipelines/pipelines.module.js';
import { McpController } from './mcp.controller.js';

/** The MCP endpoint (/mcp): the paid routes as tools, through the same Paywall and precheck as HTTP. */
@Module({
  imports: [PipelinesModule, HttpModule],
  controllers: [McpController],
})
export class McpModule {}
