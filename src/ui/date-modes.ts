/**
 * The date picker's modes (spec section 4): datetime, date, time, month and
 * year, each the text of its native input (`datetime-local`, `date`, `time`,
 * `month`, and a 4-digit year). A value is clipped to the picker's min and
 * max: years 2000 to 2030 unless the field says otherwise (a birthday: 1900
 * to the end of the current year). These texts have fixed widths, so they
 * compare as strings.
 */
export const dateModes = ['datetime', 'date', 'time', 'month', 'year'] as const;
export type DateMode = (typeof dateModes)[number];

/** The native input of each mode (a year is a number field of 4 digits). */
export const inputTypeOf: Record<DateMode, 'datetime-local' | 'date' | 'time' | 'month' | 'number'> = {
  datetime: 'datetime-local',
  date: 'date',
  time: 'time',
  month: 'month',
  year: 'number',
};

/** A picker's range of years. */
export interface YearRange {
  from: number;
  to: number;
}

/** The default range: 2000 to 2030. */
export const defaultYears: YearRange = { from: 2000, to: 2030 };

/** A birthday's range: 1900 to the end of the current year. */
export const birthdayYears = (now: Date): YearRange => ({ from: 1900, to: now.getFullYear() });

const patterns: Record<DateMode, RegExp> = {
  datetime: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/,
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  time: /^([01]\d|2[0-3]):[0-5]\d$/,
  month: /^\d{4}-(0[1-9]|1[0-2])$/,
  year: /^\d{4}$/,
};

/** The min and max of a mode over a range of years, as the mode's own text (a time: the whole day). */
export function boundsOf(mode: DateMode, years: YearRange = defaultYears): { min: string; max: string } {
  switch (mode) {
    case 'datetime':
      return { min: `${years.from}-01-01T00:00`, max: `${years.to}-12-31T23:59` };
    case 'date':
      return { min: `${years.from}-01-01`, max: `${years.to}-12-31` };
    case 'time':
      return { min: '00:00', max: '23:59' };
    case 'month':
      return { min: `${years.from}-01`, max: `${years.to}-12` };
    case 'year':
      return { min: String(years.from), max: String(years.to) };
  }
}

/** Whether a text is a whole value of the mode (an input still being typed is not). */
export const isDateValue = (mode: DateMode, value: string): boolean => patterns[mode].test(value);

/** A value clipped to the mode's bounds; '' for an empty or malformed one. */
export function clipDate(mode: DateMode, value: string, years: YearRange = defaultYears): string {
  const text = value.trim();
  if (!isDateValue(mode, text)) return '';
  const { min, max } = boundsOf(mode, years);
  return text < min ? min : text > max ? max : text;
}
