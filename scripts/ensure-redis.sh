#!/usr/bin/env bash
# Makes sure a Redis answers on the test address (TEST_REDIS_URL's host/port, default 127.0.0.1:6379),
# starting a throwaway one (no persistence) when none does.
set -euo pipefail
url="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
hostport="${url#redis://}"; hostport="${hostport%%/*}"
host="${hostport%%:*}"; port="${hostport##*:}"
if redis-cli -h "$host" -p "$port" ping 2>/dev/null | grep -q PONG; then exit 0; fi
echo "ensure-redis: starting redis-server on $host:$port"
redis-server --daemonize yes --bind "$host" --port "$port" --save "" --appendonly no \
  --dir /tmp --logfile /tmp/vidint-test-redis.log
for _ in $(seq 1 50); do
  redis-cli -h "$host" -p "$port" ping 2>/dev/null | grep -q PONG && exit 0
  sleep 0.1
done
echo "ensure-redis: redis-server did not answer on $host:$port" >&2
exit 1
