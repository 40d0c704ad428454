import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateInput } from './date-input.tsx';
import { dateModes } from './date-modes.ts';

describe('DateInput', () => {
  it('renders each mode on its native input with the default bounds', () => {
    const { container } = render(
      <>
        {dateModes.map((mode) => (
          <DateInput key={mode} aria-label={mode} mode={mode} value="" onValue={() => {}} />
        ))}
      </>,
    );
    const inputs = Array.from(container.querySelectorAll('input'));
    expect(inputs.map((i) => [i.type, i.min, i.max])).toEqual([
      ['datetime-local', '2000-01-01T00:00', '2030-12-31T23:59'],
      ['date', '2000-01-01', '2030-12-31'],
      ['time', '00:00', '23:59'],
      ['month', '2000-01', '2030-12'],
      ['number', '2000', '2030'],
    ]);
  });

  it('clips a date chosen outside the range to the range', () => {
    const onValue = vi.fn();
    render(<DateInput aria-label="From" mode="date" value="" onValue={onValue} />);
    const input = screen.getByLabelText('From') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1999-03-03' } });
    expect(onValue).toHaveBeenLastCalledWith('2000-01-01');
    expect(input.value).toBe('2000-01-01');
    fireEvent.change(input, { target: { value: '2026-11-29' } });
    expect(onValue).toHaveBeenLastCalledWith('2026-11-29');
  });

  it('lets a year be typed digit by digit and clips it when the field is left', async () => {
    const onValue = vi.fn();
    // The field's owner keeps what it is given, as a form does.
    function Owner() {
      const [value, setValue] = useState('');
      return (
        <DateInput
          aria-label="Year"
          mode="year"
          value={value}
          onValue={(v) => {
            onValue(v);
            setValue(v);
          }}
          years={{ from: 1900, to: 2026 }}
        />
      );
    }
    render(<Owner />);
    const input = screen.getByLabelText('Year') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '20' } });
    expect(onValue).not.toHaveBeenCalled();
    expect(input.value).toBe('20');
    fireEvent.change(input, { target: { value: '2099' } });
    expect(onValue).toHaveBeenLastCalledWith('2026');
    expect(input.value).toBe('2026');
    fireEvent.change(input, { target: { value: '18' } });
    fireEvent.focusOut(input);
    expect(onValue).toHaveBeenLastCalledWith('');
    await waitFor(() => expect(input.value).toBe(''));
  });
});
