import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** One group of an IPv6 address as numbers: a dotted IPv4 tail (`::ffff:1.2.3.4`) is two. */
function numbersOf(group: string): number[] {
  if (!group.includes('.')) return [parseInt(group, 16)];
  const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
}

/** The eight 16-bit groups of an address that `isIP` finds IPv6, with `::` expanded. */
function groupsOf(ipv6: string): number[] {
  // A zone (fe80::1%eth0) names the interface it came in on, not the host.
  const [address = ''] = ipv6.split('%');
  const parse = (part: string) => (part === '' ? [] : part.split(':').flatMap(numbersOf));
  const [head = '', tail] = address.split('::');
  if (tail === undefined) return parse(head);
  const [before, after] = [parse(head), parse(tail)];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The address a client's requests are counted by: the throttles' attempts, and the lines of
 * those waiting for a turn at a password hash (lib/passwords.ts). Every IPv6 connection is handed at least a /64
 * whose addresses its owner picks freely, so an IPv6 address counts as its /64: counted one by
 * one, each new address would bring a fresh allowance. An IPv4-mapped address (`::ffff:1.2.3.4`,
 * what a dual-stack socket reports) is the IPv4 address it carries, so both forms count as one.
 * Anything else is kept as it is.
 */
export function clientAddressOf(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const groups = groupsOf(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The address the request's client is counted by (clientAddressOf). */
export const clientOf = (request: FastifyRequest) => clientAddressOf(request.ip);
