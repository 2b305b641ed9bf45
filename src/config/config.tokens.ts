/** The process section's token (the other sections' tokens are their owners', beside their parsers) and the logger's. */
export const PROCESS_CONFIG = Symbol('PROCESS_CONFIG');
/** The pino logger every module logs through. */
export const LOGGER = Symbol('LOGGER');
