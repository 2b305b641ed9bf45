/** Injection tokens of the parsed configuration: the whole of it, each section, and the process logger. */
export const CONFIG = Symbol('CONFIG');
export const PROCESS_CONFIG = Symbol('PROCESS_CONFIG');
export const REDIS_CONFIG = Symbol('REDIS_CONFIG');
export const HTTP_CONFIG = Symbol('HTTP_CONFIG');
export const JOBS_CONFIG = Symbol('JOBS_CONFIG');
export const PIPELINES_CONFIG = Symbol('PIPELINES_CONFIG');
export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');
export const ENGINES_CONFIG = Symbol('ENGINES_CONFIG');
export const WEBHOOKS_CONFIG = Symbol('WEBHOOKS_CONFIG');
/** The pino logger every module logs through. */
export const LOGGER = Symbol('LOGGER');
