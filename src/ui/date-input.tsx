/**
 * The date picker (spec section 4): a native input in one of the five modes
 * (src/ui/date-modes.ts), its value clipped to the picker's min and max as it
 * is chosen. A year, typed digit by digit, is clipped when the field is left.
 */
import { type InputHTMLAttributes, useEffect, useState } from 'react';
import { boundsOf, clipDate, type DateMode, defaultYears, inputTypeOf, isDateValue, type YearRange } from './date-modes.ts';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'min' | 'max'>;

export function DateInput({
  mode,
  value,
  onValue,
  years = defaultYears,
  ...input
}: NativeProps & { mode: DateMode; value: string; onValue: (value: string) => void; years?: YearRange }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const { min, max } = boundsOf(mode, years);
  const settle = (text: string) => {
    const clipped = clipDate(mode, text, years);
    setDraft(clipped);
    if (clipped !== value) onValue(clipped);
  };
  return (
    <input
      {...input}
      type={inputTypeOf[mode]}
      min={min}
      max={max}
      {...(mode === 'year' ? { step: 1, inputMode: 'numeric' as const } : {})}
      value={draft}
      onChange={(event) => {
        const text = event.target.value;
        // A whole value (or a cleared field) is taken at once; a year still being typed waits for the blur.
        if (text === '' || isDateValue(mode, text)) settle(text);
        else setDraft(text);
      }}
      onBlur={(event) => {
        settle(draft);
        input.onBlur?.(event);
      }}
    />
  );
}
