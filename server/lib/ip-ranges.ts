/**
 * IP ranges (CIDR) for the region restriction, checked with node's BlockList
 * for IPv4 and IPv6 alike.
 */
import { BlockList, isIP } from 'node:net';

export interface Cidr {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** Parses `10.0.0.0/8`, `2001:db8::/32`, or a bare address (a single host). Null when invalid. */
export function parseCidr(text: string): Cidr | null {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  const address = slash === -1 ? trimmed : trimmed.slice(0, slash);
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  let prefix = max;
  if (slash !== -1) {
    const bits = trimmed.slice(slash + 1);
    if (!/^\d{1,3}$/.test(bits)) return null;
    prefix = Number(bits);
    if (prefix > max) return null;
  }
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

export function formatCidr(cidr: Cidr): string {
  return `${cidr.address}/${cidr.prefix}`;
}

/** Strips the IPv4-mapped IPv6 prefix (`::ffff:1.2.3.4` -> `1.2.3.4`). */
export function normalizeIp(ip: string): string {
  const lower = ip.toLowerCase();
  if (lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4) return lower.slice(7);
  return ip;
}

export interface IpRanges {
  readonly size: number;
  contains(ip: string): boolean;
}

/** Compiles stored CIDR strings; invalid entries are skipped (the admin CLI never stores them). */
export function compileIpRanges(cidrs: readonly string[]): IpRanges {
  const list = new BlockList();
  let size = 0;
  for (const text of cidrs) {
    const cidr = parseCidr(text);
    if (!cidr) continue;
    list.addSubnet(cidr.address, cidr.prefix, cidr.family);
    size += 1;
  }
  return {
    size,
    contains(ip) {
      if (size === 0) return false;
      const normalized = normalizeIp(ip);
      const version = isIP(normalized);
      if (version === 0) return false;
      return list.check(normalized, version === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
