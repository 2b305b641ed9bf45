/** Every Redis connection of the process (RedisConnections), or null when no Redis is configured. */
export const REDIS_CONNECTIONS = Symbol('REDIS_CONNECTIONS');
/** The shared fail-fast connection (a RedisClient), or null when no Redis is configured. */
export const FAST_REDIS = Symbol('FAST_REDIS');
