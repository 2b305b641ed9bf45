import { ConfigError, loadConfig } from '../app/load-config.js';
import { createLogger } from '../logging/logger.js';
import { AFFILIATE_COMMISSION_PERCENT, RedisAffiliateLedger } from '../payments/affiliate-ledger.js';
import { ledgerTable } from '../payments/ledger-table.js';
import { RedisConnections } from '../redis/redis-connections.js';

/**
 * `npm run ledger`: each affiliate's referred payments and commission, read from Redis (REDIS_URL, REDIS_CLUSTER_NODES
 * or REDIS_SENTINELS, and KEY_PREFIX). Without Redis the ledger lives in the server process: read GET /admin/affiliates.
 */
try {
  const { redis: config } = loadConfig();
  if (!config.target) {
    console.error(
      'ledger: no Redis is configured (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS); the in-memory ledger is only readable from the server: GET /admin/affiliates with ADMIN_TOKEN',
    );
    process.exit(1);
  }
  const connections = new RedisConnections(config.target, createLogger('silent'), config.redisCommandTimeoutMs);
  const rows = await new RedisAffiliateLedger(await connections.fast(), config.keyPrefix).balances();
  connections.close();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ commission_percent: Number(AFFILIATE_COMMISSION_PERCENT), affiliates: rows }, null, 2));
  } else {
    for (const line of ledgerTable(rows, AFFILIATE_COMMISSION_PERCENT)) console.log(line);
  }
} catch (err) {
  console.error(`ledger: ${err instanceof ConfigError ? err.message : (err as Error).message}`);
  process.exit(1);
}
