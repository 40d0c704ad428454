import { describe, expect, it } from 'vitest';
import { birthdayMinimumAge, isOldEnough } from '../../../contract/member.ts';

describe('the birthday check (contract/member.ts, used by the form and the server)', () => {
  const on = (ymd: string) => new Date(`${ymd}T12:00:00Z`);

  it(`is ${birthdayMinimumAge} years to the day`, () => {
    expect(isOldEnough('2005-11-25', on('2026-11-25'))).toBe(true);
    expect(isOldEnough('2005-11-26', on('2026-11-25'))).toBe(false);
    expect(isOldEnough('2015-06-01', on('2026-11-25'))).toBe(false);
    expect(isOldEnough('1900-01-01', on('2026-11-25'))).toBe(true);
  });

  it('a 29 February birthday comes of age on 1 March of a common year', () => {
    expect(isOldEnough('2004-02-29', on('2025-02-28'))).toBe(false);
    expect(isOldEnough('2004-02-29', on('2025-03-01'))).toBe(true);
  });

  it('refuses what is not a date', () => {
    expect(isOldEnough('2004/02/01', on('2026-11-25'))).toBe(false);
    expect(isOldEnough('', on('2026-11-25'))).toBe(false);
  });
});
