import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module.js';
import { PipelinesModule } from '../pipelines/pipelines.module.js';
import { McpController } from './mcp.controller.js';

/** The MCP endpoint (/mcp): the paid routes as tools, ordered through the same use case as HTTP. */
@Module({
  imports: [PipelinesModule, OrdersModule],
  controllers: [McpController],
})
export class McpModule {}
