/** Where Linux's ephemeral ports start (net.ipv4.ip_local_port_range, 32768-60999 by default). */
const EPHEMERAL_FROM = 32768;
const LOWEST = 10000;

/**
 * `count` consecutive loopback ports for a server a test starts on ports it must name (redis-server, Sentinel), drawn
 * at random below the ephemeral range: every outgoing connection and every listen(0) of the tests running beside it
 * takes its port from that range, and a node drawn inside it found its port taken and never answered. `above` more
 * ports over each must stay below the range too (a cluster node's bus is its port + 10000).
 */
export function loopbackPorts(count: number, above = 0): number[] {
  const first = LOWEST + Math.floor(Math.random() * (EPHEMERAL_FROM - above - count - LOWEST));
  return Array.from({ length: count }, (_, i) => first + i);
}
