import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONFIG_DEFAULTS, ConfigError, loadConfig } from './load-config.js';

describe('configuration', () => {
  it('starts on the embedded defaults with no environment at all', () => {
    const c = loadConfig({}, '/srv/vidint');
    assert.equal(c.process.role, 'all');
    assert.equal(c.http.host, '127.0.0.1');
    assert.equal(c.http.port, 3000);
    assert.equal(c.redis.target, null);
    assert.equal(c.jobs.jobRetentionSeconds, 3600);
    assert.equal(c.pipelines.pipelinesDir, '/srv/vidint/pipelines');
    assert.equal(c.payments.paymentMode, 'devnet');
    assert.deepEqual(c.payments.x402Networks, ['base', 'solana']);
  });

  it('reads WATCH (default off) and METRICS_PORT (default unset)', () => {
    const c = loadConfig({}, '/srv/vidint');
    assert.equal(c.pipelines.watch, false);
    assert.equal(c.process.metricsPort, null);
    const set = loadConfig({ WATCH: 'true', METRICS_PORT: '9464' }, '/srv/vidint');
    assert.equal(set.pipelines.watch, true);
    assert.equal(set.process.metricsPort, 9464);
    assert.throws(() => loadConfig({ WATCH: 'yes' }), /WATCH=yes: must be true or false/);
    assert.throws(() => loadConfig({ METRICS_PORT: '0' }), /METRICS_PORT=0: must be a port number from 1 to 65535/);
    assert.throws(() => loadConfig({ METRICS_PORT: '9464x' }), /METRICS_PORT=9464x/);
  });

  it('lists every problem at once', () => {
    const err = (() => {
      try {
        loadConfig({
          PORT: 'eighty',
          ROLE: 'boss',
          JOB_RETENTION_SECONDS: '0',
          X402_NETWORKS: 'base,ethereum',
          REDIS_URL: 'localhost:6379',
        });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    assert.ok(err instanceof ConfigError);
    assert.equal(err.problems.length, 5, err.message);
    assert.match(err.message, /PORT=eighty/);
    assert.match(err.message, /ROLE=boss/);
    assert.match(err.message, /JOB_RETENTION_SECONDS=0/);
    assert.match(err.message, /unknown network 'ethereum'/);
    assert.match(err.message, /REDIS_URL=localhost:6379/);
  });

  it('reads a Redis Cluster or Sentinel as the shared Redis; on a cluster every key carries one hash tag', () => {
    const cluster = loadConfig({ REDIS_CLUSTER_NODES: '127.0.0.1:7000, redis-b:7001', ROLE: 'worker' }).redis;
    assert.deepEqual(cluster.target, {
      kind: 'cluster',
      nodes: [
        { host: '127.0.0.1', port: 7000 },
        { host: 'redis-b', port: 7001 },
      ],
      password: null,
    });
    assert.equal(cluster.keyPrefix, '{vidint}');
    assert.equal(loadConfig({ REDIS_CLUSTER_NODES: 'h:1', KEY_PREFIX: 'app:{v}' }).redis.keyPrefix, 'app:{v}');
    assert.equal(loadConfig({ REDIS_URL: 'redis://h:6379' }).redis.keyPrefix, 'vidint', 'one server keeps its key names');
    const sentinel = loadConfig({ REDIS_SENTINELS: 's1:26379,s2:26379', REDIS_PASSWORD: 'pw', ROLE: 'api' }).redis;
    assert.deepEqual(sentinel.target, {
      kind: 'sentinel',
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26379 },
      ],
      name: 'mymaster',
      password: 'pw',
    });
    assert.equal(sentinel.keyPrefix, 'vidint');
    assert.throws(() => loadConfig({ REDIS_CLUSTER_NODES: 'h:1,h' }), /REDIS_CLUSTER_NODES=h:1,h: 'h' is not host:port/);
    assert.throws(() => loadConfig({ REDIS_URL: 'redis://h', REDIS_SENTINELS: 's:1' }), /REDIS_URL and REDIS_SENTINELS: set only one/);
    assert.throws(() => loadConfig({ REDIS_REPLICA_ACK_TIMEOUT_MS: '1000' }), /must be shorter than REDIS_COMMAND_TIMEOUT_MS/);
  });

  it('refuses api or worker roles without Redis, and live payments without receiving addresses', () => {
    assert.throws(() => loadConfig({ ROLE: 'worker' }), /ROLE=worker needs REDIS_URL/);
    assert.throws(
      () => loadConfig({ PAYMENT_MODE: 'live' }),
      /PAY_TO_BASE is required.*\n.*PAY_TO_SOLANA is required.*\n.*BASE_RPC_URL is required.*\n.*PAY_TO_TEMPO is required.*\n.*MPP_SECRET_KEY is required.*\n.*SOLANA_RPC_URL is required.*\n.*SOLANA_FEE_PAYER_KEY is required.*\n.*EVM_SETTLEMENT_KEY is required/,
    );
    assert.throws(() => loadConfig({ MPP_ENABLED: 'yes' }), /MPP_ENABLED=yes: must be true or false/);
    assert.throws(() => loadConfig({ MPP_SECRET_KEY: 'short' }), /MPP_SECRET_KEY: must be at least 32 characters/);
    assert.doesNotThrow(() =>
      loadConfig({
        PAYMENT_MODE: 'live',
        MPP_ENABLED: 'false',
        X402_NETWORKS: 'solana',
        PAY_TO_SOLANA: '51F1VANVSUya4H6Rc1egTjyQMn3ErBCRvk5rdSXWy9P7',
        SOLANA_RPC_URL: 'https://api.mainnet-beta.solana.com',
        SOLANA_FEE_PAYER_KEY: JSON.stringify(Array.from({ length: 64 }, (_, i) => i)),
      }),
    );
    assert.throws(() => loadConfig({ SOLANA_FEE_PAYER_KEY: 'abc' }), /SOLANA_FEE_PAYER_KEY: must be a 64-byte secret key/);
    assert.throws(() => loadConfig({ EVM_SETTLEMENT_KEY: '0x12' }), /EVM_SETTLEMENT_KEY: must be a 0x-prefixed 32-byte hex private key/);
    assert.throws(() => loadConfig({ PAY_TO_BASE: '0x123' }), /not a valid base address/);
  });

  it('documents every variable it reads, with its default, in docs/configuration.md', async () => {
    const fs = await import('node:fs');
    const doc = fs.readFileSync('docs/configuration.md', 'utf8');
    // Each section is parsed beside its owner, in a *.config.ts file.
    const sections = fs.readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.config.ts'));
    assert.ok(sections.length >= 7, `configuration sections found: ${sections.join(', ')}`);
    const source = sections.map((f) => fs.readFileSync(`src/${f}`, 'utf8')).join('\n');
    const names = new Set([
      ...Object.keys(CONFIG_DEFAULTS),
      ...[...source.matchAll(/(?:optional|env\.)\(?'?([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]),
    ]);
    for (const n of ['REDIS_URL', 'PUBLIC_BASE_URL', 'WORK_DIR', 'PAY_TO_BASE', 'PAY_TO_SOLANA', 'BASE_RPC_URL', 'EVM_SETTLEMENT_KEY'])
      names.add(n);
    for (const n of names) assert.match(doc, new RegExp(`\`${n}\``), `docs/configuration.md does not document ${n}`);
    for (const [name, value] of Object.entries(CONFIG_DEFAULTS)) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      assert.ok(row?.split(' | ')[1]?.includes(`\`${value}\``), `docs/configuration.md gives ${name} another default than ${value}`);
    }
  });
});
