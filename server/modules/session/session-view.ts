/**
 * What a member is shown of its sessions (the security center): a short label
 * of the browser and system read from the User-Agent kept at login
 * (`Chrome · Android`; empty when neither is known), the client address with
 * its last part hidden, and whether the session is the caller's own. The
 * label is a best guess from well-known tokens, never trusted for anything
 * but display: any client can send any User-Agent.
 */
import { isIP } from 'node:net';
import type { MemberSession } from '../../../contract/security.ts';
import type { SessionRow } from '../../db/schema.ts';

/** The User-Agent as stored with a session: control characters dropped, trimmed, at most 256 characters; null when empty. */
export function storedUserAgent(header: string | null | undefined): string | null {
  if (typeof header !== 'string') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
  const text = header.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 256);
  return text || null;
}

/** Browsers, the first token that matches wins: those built on Chrome (and Chrome on iOS) name themselves before "Chrome/". */
const browsers: readonly [RegExp, string][] = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPiOS|Opera)\//, 'Opera'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, the first that matches wins: Android's and iOS's user agents also name Linux and "Mac OS X". */
const systems: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (text: string, table: readonly [RegExp, string][]) => table.find(([pattern]) => pattern.test(text))?.[1];

/** `Chrome · Android`, `Safari · iOS`, ...; one of the two when only one is known; '' when neither. */
export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return '';
  return [firstMatch(userAgent, browsers), firstMatch(userAgent, systems)].filter(Boolean).join(' · ');
}

/** `203.0.113.*` for IPv4; IPv6 keeps its first three groups (`2001:db8:0:*`); '' for anything else. */
export function maskIp(ip: string | null | undefined): string {
  if (!ip) return '';
  const lower = ip.toLowerCase();
  const v4 = lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
  if (isIP(v4) === 4) return `${v4.split('.').slice(0, 3).join('.')}.*`;
  if (isIP(lower) !== 6) return '';
  const [head = '', tail = ''] = lower.split('::');
  const headGroups = head ? head.split(':') : [];
  // "::" stands for the zero groups between the two halves (an embedded IPv4 tail counts as two).
  const tailGroups = lower.includes('::') && tail ? tail.split(':').length + (tail.includes('.') ? 1 : 0) : 0;
  const groups = lower.includes('::') ? [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups)).fill('0')] : headGroups;
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}:*`;
}

/** A session as the member sees it; `current`: the caller's own web session, or this device's remembered one. */
export function memberSessionView(row: SessionRow, current: boolean): MemberSession {
  return {
    id: row.id,
    kind: row.kind,
    device: deviceLabel(row.userAgent),
    ipMasked: maskIp(row.clientIp),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current,
  };
}
