import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatText, chatTextParts } from './chat-text.tsx';

const joined = (text: string) =>
  chatTextParts(text)
    .map((p) => p.text)
    .join('');

describe('chat text', () => {
  it('turns http and https addresses into links and keeps the rest as text', () => {
    expect(chatTextParts('See https://example.org/help?q=1#top and http://example.com.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/help?q=1#top', href: 'https://example.org/help?q=1#top' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://example.com', href: 'http://example.com/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves sentence punctuation and brackets the address did not open outside the link', () => {
    expect(chatTextParts('(see https://example.org/a_(b)), ok?')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://example.org/a_(b)', href: 'https://example.org/a_(b)' },
      { kind: 'text', text: '), ok?' },
    ]);
  });

  it('never links other schemes nor a bare scheme, and gives back the text it was given', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://example.org', 'http:// nothing', 'mailto:a@example.org']) {
      expect(chatTextParts(text).every((p) => p.kind === 'text'), text).toBe(true);
      expect(joined(text)).toBe(text);
    }
    const mixed = 'a https://x.example/ b\nhttps://y.example/c. <i>d</i>';
    expect(joined(mixed)).toBe(mixed);
  });

  it('renders markup as text and links that open in a new tab without access to the page', () => {
    const { container } = render(
      <p>
        <ChatText text={'<img src=x onerror=alert(1)> <b>bold</b> https://example.org/x'} />
      </p>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> <b>bold</b> https://example.org/x');
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://example.org/x');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('an address with quotes or angle brackets ends before them', () => {
    expect(chatTextParts('"https://example.org/a"><script>')).toEqual([
      { kind: 'text', text: '"' },
      { kind: 'link', text: 'https://example.org/a', href: 'https://example.org/a' },
      { kind: 'text', text: '"><script>' },
    ]);
  });
});
