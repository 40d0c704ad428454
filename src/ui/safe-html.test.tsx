import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml } from './safe-html.tsx';

describe('SafeHtml', () => {
  it('keeps formatting and removes scripts and handlers', () => {
    const { container } = render(
      <SafeHtml html={'<p><b>Bonus</b> <img src="x" onerror="alert(1)"><script>alert(2)</script></p>'} />,
    );
    expect(container.querySelector('b')?.textContent).toBe('Bonus');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('drops javascript: links and opens other links safely', () => {
    const html = sanitizeHtml('<a href="javascript:alert(1)">x</a><a href="https://example.org">y</a>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });
});
