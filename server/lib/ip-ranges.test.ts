import { describe, expect, it } from 'vitest';
import { compileIpRanges, normalizeIp, parseCidr } from './ip-ranges.ts';

describe('ip ranges', () => {
  it('parses IPv4 and IPv6 CIDRs and bare addresses', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseCidr('2001:db8::/32')).toEqual({ address: '2001:db8::', prefix: 32, family: 'ipv6' });
    expect(parseCidr('192.0.2.7')).toEqual({ address: '192.0.2.7', prefix: 32, family: 'ipv4' });
    for (const bad of ['10.0.0.0/33', '2001:db8::/129', 'nope', '10.0.0/8', '10.0.0.0/', '10.0.0.0/-1', '']) {
      expect(parseCidr(bad), bad).toBeNull();
    }
  });

  it('matches addresses of both families, including IPv4-mapped IPv6', () => {
    const ranges = compileIpRanges(['203.0.113.0/24', '2001:db8:abcd::/48']);
    expect(ranges.contains('203.0.113.99')).toBe(true);
    expect(ranges.contains('::ffff:203.0.113.99')).toBe(true);
    expect(ranges.contains('203.0.114.1')).toBe(false);
    expect(ranges.contains('2001:db8:abcd:12::1')).toBe(true);
    expect(ranges.contains('2001:db8:abce::1')).toBe(false);
    expect(ranges.contains('garbage')).toBe(false);
    expect(normalizeIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });
});
