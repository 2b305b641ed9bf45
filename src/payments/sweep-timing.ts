/**
 * When the background sweeps (the settlement reconciler, the job requeuer) act, from
 * SETTLEMENT_RECONCILE_SECONDS: work counts as left unfinished after `afterMs` (a settlement may take that
 * long), and they look for it twice in that time, between once a second and once every 30 s.
 */
export function sweepTiming(settlementReconcileSeconds: number): { afterMs: number; everyMs: number } {
  const afterMs = settlementReconcileSeconds * 1000;
  return { afterMs, everyMs: Math.min(Math.max(afterMs / 2, 1000), 30_000) };
}
