import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { interfaceLanguages } from '../../contract/languages.ts';
import { LanguageChoices } from './language-choices.tsx';

describe('language choices', () => {
  it('offers every language with a catalog when the merchant list is unknown: thirty or more, each in its own script', () => {
    render(<LanguageChoices language="EN" onChoose={() => undefined} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.length).toBe(interfaceLanguages.length);
    expect(buttons.length).toBeGreaterThanOrEqual(30);
    expect(screen.getByRole('button', { name: 'العربية' }).getAttribute('dir')).toBe('rtl');
    expect(screen.getByRole('button', { name: 'العربية' }).getAttribute('lang')).toBe('ar');
    expect(screen.getByRole('button', { name: 'Português (Brasil)' }).getAttribute('lang')).toBe('pt-BR');
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers only the merchant’s languages that have a catalog, and tells which one is chosen', async () => {
    const onChoose = vi.fn();
    render(<LanguageChoices language="AR" offered={['EN', 'AR', 'XX']} onChoose={onChoose} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['English', 'العربية']);
    expect(screen.getByRole('button', { name: 'العربية' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(onChoose).toHaveBeenCalledWith('EN');
  });
});
