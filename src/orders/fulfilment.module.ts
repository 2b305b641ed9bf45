import { Module } from '@nestjs/common';
import { FULFILMENT } from '../payments/payments.tokens.js';
import { PipelinesModule } from '../pipelines/pipelines.module.js';
import { OrderFulfilment } from './order-fulfilment.js';
import { SourcePrecheck } from './source-precheck.js';

/** FULFILMENT, given to PaymentsModule: what a settled payment becomes (OrderFulfilment), and the source check it runs first. */
@Module({
  imports: [PipelinesModule],
  providers: [SourcePrecheck, OrderFulfilment, { provide: FULFILMENT, useExisting: OrderFulfilment }],
  exports: [FULFILMENT, SourcePrecheck],
})
export class FulfilmentModule {}
