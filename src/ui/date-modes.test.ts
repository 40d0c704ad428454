import { describe, expect, it } from 'vitest';
import { birthdayYears, boundsOf, clipDate, dateModes, inputTypeOf, isDateValue } from './date-modes.ts';

describe('date picker modes (spec section 4)', () => {
  it('has the five modes, each on its native input', () => {
    expect(dateModes).toEqual(['datetime', 'date', 'time', 'month', 'year']);
    expect(dateModes.map((mode) => inputTypeOf[mode])).toEqual(['datetime-local', 'date', 'time', 'month', 'number']);
  });

  it('bounds every mode to 2000–2030 by default, a birthday to 1900 through the end of this year', () => {
    expect(boundsOf('datetime')).toEqual({ min: '2000-01-01T00:00', max: '2030-12-31T23:59' });
    expect(boundsOf('date')).toEqual({ min: '2000-01-01', max: '2030-12-31' });
    expect(boundsOf('month')).toEqual({ min: '2000-01', max: '2030-12' });
    expect(boundsOf('year')).toEqual({ min: '2000', max: '2030' });
    expect(boundsOf('time')).toEqual({ min: '00:00', max: '23:59' });
    expect(boundsOf('date', birthdayYears(new Date('2026-11-29T12:00:00Z')))).toEqual({ min: '1900-01-01', max: '2026-12-31' });
  });

  it('clips a value below the min up to it and one above the max down to it, and keeps one inside', () => {
    expect(clipDate('date', '1999-12-31')).toBe('2000-01-01');
    expect(clipDate('date', '2031-01-01')).toBe('2030-12-31');
    expect(clipDate('date', '2026-11-29')).toBe('2026-11-29');
    expect(clipDate('datetime', '1980-05-01T10:30')).toBe('2000-01-01T00:00');
    expect(clipDate('datetime', '2040-05-01T10:30')).toBe('2030-12-31T23:59');
    expect(clipDate('month', '2035-06')).toBe('2030-12');
    expect(clipDate('year', '1999')).toBe('2000');
    expect(clipDate('year', ' 2031 ')).toBe('2030');
    expect(clipDate('time', '09:15')).toBe('09:15');
    const birthday = birthdayYears(new Date('2026-11-29T12:00:00Z'));
    expect(clipDate('date', '1899-07-04', birthday)).toBe('1900-01-01');
    expect(clipDate('date', '2027-01-01', birthday)).toBe('2026-12-31');
    expect(clipDate('date', '1950-07-04', birthday)).toBe('1950-07-04');
  });

  it('answers nothing for an empty, unfinished or malformed value', () => {
    expect(clipDate('date', '')).toBe('');
    expect(clipDate('year', '20')).toBe('');
    expect(clipDate('date', '2026-13-01')).toBe('');
    expect(clipDate('time', '24:00')).toBe('');
    expect(isDateValue('month', '2026-1')).toBe(false);
    expect(isDateValue('datetime', '2026-01-01 10:00')).toBe(false);
  });
});
