import { createHash, timingSafeEqual } from 'node:crypto';

/** Why an operator request is refused: 404 when the operator routes are off, 401 without the right token; null: allowed. */
export type AdminRefusal = { status: 404 | 401; error: string; headers: Record<string, string> } | null;

/** Checks `Authorization: Bearer <ADMIN_TOKEN>` in constant time (null token: operator routes are off). */
export function checkAdminToken(token: string | null, header: string | undefined): AdminRefusal {
  if (!token) return { status: 404, error: 'no route: operator routes are off (set ADMIN_TOKEN)', headers: {} };
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  if (timingSafeEqual(digest(given), digest(token))) return null;
  return { status: 401, error: 'operator routes need Authorization: Bearer <ADMIN_TOKEN>', headers: { 'www-authenticate': 'Bearer' } };
}
