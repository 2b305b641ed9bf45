import { BlockList, isIP } from 'node:net';

/**
 * Addresses an outbound fetch must never reach on a user's behalf (SSRF): this host, private networks,
 * link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), CGNAT, multicast, reserved and
 * documentation ranges. IPv4-mapped and NAT64 IPv6 forms are checked as the IPv4 address they carry.
 */
const V4_BLOCKED: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];
const V6_BLOCKED: Array<[string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['fc00::', 7, 'private (unique local)'],
  ['fe80::', 10, 'link-local'],
  ['ff00::', 8, 'multicast'],
  ['2001:db8::', 32, 'documentation'],
  ['100::', 64, 'discard'],
];

const lists = new Map<string, BlockList>();
for (const [net, prefix, why] of V4_BLOCKED) block(net, prefix, 'ipv4', why);
for (const [net, prefix, why] of V6_BLOCKED) block(net, prefix, 'ipv6', why);

function block(net: string, prefix: number, family: 'ipv4' | 'ipv6', why: string) {
  if (!lists.has(why)) lists.set(why, new BlockList());
  lists.get(why)!.addSubnet(net, prefix, family);
}

/** Why `ip` must not be fetched, or null when it is a public address. */
export function blockedReason(ip: string, opts: { allowLoopback: boolean }): string | null {
  const family = isIP(ip);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const lower = ip.toLowerCase();
    const embedded = embeddedIPv4(lower);
    if (embedded) return blockedReason(embedded, opts);
    if (lower === '::1') return opts.allowLoopback ? null : 'loopback';
  } else if (ip.startsWith('127.')) {
    return opts.allowLoopback ? null : 'loopback';
  }
  for (const [why, list] of lists) if (list.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return why;
  return null;
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible or NAT64 (64:ff9b::) IPv6 address. */
function embeddedIPv4(ip: string): string | null {
  const m = /^(?:::ffff:|::ffff:0:|64:ff9b::|::)((?:\d{1,3}\.){3}\d{1,3})$/.exec(ip);
  if (m) return m[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(ip);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}
