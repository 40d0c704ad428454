import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

/** The element the site's server writes with the merchant's configured name (server/http/document.ts). */
function servePageFor(name: string) {
  const meta = document.createElement('meta');
  meta.name = 'application-name';
  meta.content = name;
  document.head.append(meta);
}

afterEach(() => document.head.querySelector('meta[name="application-name"]')?.remove());

describe("the merchant's brand", () => {
  it('is the one name of the logo, the welcome and the page title', async () => {
    servePageFor('Lucky Bay');
    renderApp({ path: '/m/home' });
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Lucky Bay home' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Welcome to Lucky Bay' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Home | Lucky Bay'));
    expect(document.body.textContent).not.toContain('M Casino');
  });

  it("is the catalog's name on a page the site's server did not send", async () => {
    renderApp({ path: '/m/help' });
    await waitFor(() => expect(document.title).toBe('Help center | M Casino'));
  });
});
