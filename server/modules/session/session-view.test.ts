/**
 * What a member is shown of a session: the browser and system read from real
 * browsers' User-Agents, the address with its last part hidden, the
 * User-Agent as stored.
 */
import { describe, expect, it } from 'vitest';
import { deviceLabel, maskIp, storedUserAgent } from './session-view.ts';

describe('deviceLabel', () => {
  const cases: [string, string][] = [
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome · Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari · iOS',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      'Chrome · iOS',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox · Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      'Edge · Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet · Android',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari · macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
      'Opera · Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox · Linux'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome · ChromeOS'],
    ['Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0', 'Firefox · Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) EdgiOS/126.0 Mobile/15E148 Safari/605.1.15', 'Edge · iOS'],
    // Only one of the two known.
    ['SomeApp/1.0 (Windows NT 10.0)', 'Windows'],
    ['Firefox/127.0', 'Firefox'],
    // Neither.
    ['curl/8.5.0', ''],
    ['lightMyRequest', ''],
    ['', ''],
  ];
  it.each(cases)('%s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it('is empty without a User-Agent', () => {
    expect(deviceLabel(null)).toBe('');
    expect(deviceLabel(undefined)).toBe('');
  });
});

describe('maskIp', () => {
  it.each([
    ['203.0.113.77', '203.0.113.*'],
    ['10.0.0.1', '10.0.0.*'],
    ['::ffff:198.51.100.7', '198.51.100.*'],
    ['2001:db8:85a3::8a2e:370:7334', '2001:db8:85a3:*'],
    ['2001:0db8:0000:0042:0000:8a2e:0370:7334', '2001:db8:0:*'],
    ['2001:db8::1', '2001:db8:0:*'],
    ['::1', '0:0:0:*'],
    ['fe80::', 'fe80:0:0:*'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:*'],
    ['', ''],
    ['not an address', ''],
    ['999.1.1.1', ''],
  ])('%s -> %s', (ip, masked) => {
    expect(maskIp(ip)).toBe(masked);
  });

  it('is empty without an address', () => {
    expect(maskIp(null)).toBe('');
  });
});

describe('storedUserAgent', () => {
  it('keeps at most 256 characters, trimmed, without control characters; null when empty', () => {
    expect(storedUserAgent('  Mozilla/5.0  ')).toBe('Mozilla/5.0');
    expect(storedUserAgent('a'.repeat(1000))).toBe('a'.repeat(256));
    expect(storedUserAgent('Mozilla\t/5.0\u0001')).toBe('Mozilla/5.0');
    expect(storedUserAgent('   ')).toBeNull();
    expect(storedUserAgent('')).toBeNull();
    expect(storedUserAgent(undefined)).toBeNull();
    expect(storedUserAgent(null)).toBeNull();
  });
});
