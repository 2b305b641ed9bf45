/** The deployment's loaded WEBHOOK_SECRET (string): each job's callback key derives from it. */
export const WEBHOOK_SECRET = Symbol('WEBHOOK_SECRET');
