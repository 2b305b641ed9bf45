import type { Receipt } from '../chains/receipt.js';
import type { Order, PrecheckResult } from './paid-request.js';

/**
 * What turns a payment into what it bought: the seller's side of the settlement (orders/ implements it,
 * PaymentsModule receives it under FULFILMENT). The settlement service asks `precheck` once a new payment is
 * verified and before anything is broadcast, and `fulfil` once the money moved, from the live request and from the
 * reconciler alike.
 */
export interface Fulfilment {
  /** The last check of the order before any money moves: a refusal, or the order to record (with what the check learnt). */
  precheck(order: Order): Promise<PrecheckResult>;
  /**
   * False when `precheck` has nothing to check in the order (it can refuse nothing): the settlement service then
   * skips the check's bookkeeping (a refusal record read per payment). Absent: there may be.
   */
  checks?(order: Order): boolean;
  /**
   * Makes sure the order's one job `jobId` exists and is queued, however often called; throws when it could not.
   * Runs `alongside` (the settlement's own writes, idempotent) once the job is durably recorded, while it is queued,
   * and awaits both: those writes then wait for no queue add.
   */
  fulfil(order: Order, jobId: string, receipt: Receipt, alongside: () => Promise<void>): Promise<void>;
}
