import { Redis } from 'ioredis';
import { ConfigError, loadConfig } from '../app/load-config.js';
import { AFFILIATE_COMMISSION_PERCENT, RedisAffiliateLedger } from '../payments/affiliate-ledger.js';
import { ledgerTable } from '../payments/ledger-table.js';

/**
 * `npm run ledger`: each affiliate's referred payments and commission, read from Redis (REDIS_URL,
 * KEY_PREFIX). Without Redis the ledger lives in the server process: read GET /admin/affiliates.
 */
try {
  const { redis: config } = loadConfig();
  if (!config.redisUrl) {
    console.error(
      'ledger: REDIS_URL is not set; the in-memory ledger is only readable from the server: GET /admin/affiliates with ADMIN_TOKEN',
    );
    process.exit(1);
  }
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  const rows = await new RedisAffiliateLedger(redis, config.keyPrefix).balances();
  redis.disconnect();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ commission_percent: Number(AFFILIATE_COMMISSION_PERCENT), affiliates: rows }, null, 2));
  } else {
    for (const line of ledgerTable(rows, AFFILIATE_COMMISSION_PERCENT)) console.log(line);
  }
} catch (err) {
  console.error(`ledger: ${err instanceof ConfigError ? err.message : (err as Error).message}`);
  process.exit(1);
}
