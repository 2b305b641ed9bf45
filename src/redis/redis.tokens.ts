/** Every Redis connection of the process (RedisConnections), or null when REDIS_URL is unset. */
export const REDIS_CONNECTIONS = Symbol('REDIS_CONNECTIONS');
/** The shared fail-fast connection (ioredis Redis), or null when REDIS_URL is unset. */
export const FAST_REDIS = Symbol('FAST_REDIS');
