/** SCAN + DEL every key under `<prefix>:` (a bench's own claims, jobs and queue); returns how many were deleted. */
export async function deletePrefix(redis, prefix) {
  let cursor = '0';
  let deleted = 0;
  const match = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}:*`;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 500);
    cursor = next;
    if (keys.length) deleted += await redis.del(...keys);
  } while (cursor !== '0');
  return deleted;
}
