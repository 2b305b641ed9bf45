import ipaddr from 'ipaddr.js';

/**
 * Addresses an outbound fetch must never reach on a user's behalf (SSRF): this host, private networks,
 * link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), CGNAT, multicast, reserved and
 * documentation ranges. The ranges are ipaddr.js's (IANA special-purpose registries): only `unicast`
 * passes. IPv6 forms that carry an IPv4 address (mapped, compatible, translated, NAT64, 6to4) are
 * judged as that IPv4 address, so `::7f00:1` is loopback like 127.0.0.1.
 */
const REASONS: Record<string, string> = {
  unspecified: 'unspecified',
  private: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local (cloud metadata)',
  carrierGradeNat: 'carrier-grade NAT',
  multicast: 'multicast',
  broadcast: 'reserved (broadcast)',
  reserved: 'reserved',
  uniqueLocal: 'private (unique local)',
  discard: 'discard',
  teredo: 'reserved (Teredo tunnel)',
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '0:0:0:0:0:0:0:1']);

/** Why `ip` must not be fetched, or null when it is a public address. */
export function blockedReason(ip: string, opts: { allowLoopback: boolean }): string | null {
  if (!ipaddr.isValid(ip)) return 'not an IP address';
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6') {
    const embedded = embeddedIPv4(addr as ipaddr.IPv6);
    if (embedded) addr = embedded;
  }
  const range = addr.range();
  if (range === 'unicast') return null;
  // FETCH_ALLOW_LOOPBACK lets tests reach their servers on 127.0.0.1 and ::1; the rest of 127.0.0.0/8 stays blocked.
  if (range === 'loopback') return opts.allowLoopback && LOOPBACK_HOSTS.has(addr.toNormalizedString()) ? null : 'loopback';
  if (addr.kind() === 'ipv6' && range === 'linkLocal') return 'link-local';
  return REASONS[range] ?? `reserved (${range})`;
}

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:0:0/96), IPv4-translated
 * (::ffff:0:0:0/96), IPv4-compatible (::/96, deprecated but still routed by some stacks), NAT64
 * (64:ff9b::/96 and the local-use 64:ff9b:1::/48) and 6to4 (2002::/16).
 */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const b = v6.toByteArray();
  const last = () => new ipaddr.IPv4(b.slice(12, 16));
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return last();
  if (range === '6to4') return new ipaddr.IPv4(b.slice(2, 6));
  // IPv4-compatible: 96 zero bits, then an address other than :: and ::1.
  if (zeros(0, 12) && !zeros(12, 15)) return last();
  return null;
}
