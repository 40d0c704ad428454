import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { withCatalogPart } from '../app/catalog-part.ts';
import { type Catalog, loadCatalogPart } from '../i18n/catalogs.ts';
import { settleMark } from './settle-mark.ts';

function Value({ promise }: { promise: Promise<string> }) {
  return <p>{use(promise)}</p>;
}

class Caught extends Component<{ children: ReactNode }, { error: string | null }> {
  override state: { error: string | null } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

/** Renders `use(promise)` under a Suspense boundary; returns how often its fallback was rendered. */
async function renderValue(promise: Promise<string>) {
  let fallbacks = 0;
  const Fallback = () => {
    fallbacks += 1;
    return <p>loading</p>;
  };
  await act(async () => {
    render(
      <Caught>
        <Suspense fallback={<Fallback />}>
          <Value promise={promise} />
        </Suspense>
      </Caught>,
    );
  });
  return () => fallbacks;
}

/** Waits until `promise` has settled (and its mark, if any, is set). */
async function settled(promise: Promise<unknown>): Promise<void> {
  await promise.catch(() => undefined);
  await Promise.resolve();
}

describe('settleMark', () => {
  it('a promise that has settled renders its value in the first commit, without the fallback', async () => {
    const promise = settleMark(Promise.resolve('Welcome bonus'));
    await settled(promise);
    const fallbacks = await renderValue(promise);
    expect(screen.getByText('Welcome bonus').tagName).toBe('P');
    expect(fallbacks()).toBe(0);
  });

  it('without the mark the same promise shows the fallback once before its value', async () => {
    const promise = Promise.resolve('Welcome bonus');
    await settled(promise);
    const fallbacks = await renderValue(promise);
    expect(screen.getByText('Welcome bonus').tagName).toBe('P');
    expect(fallbacks()).toBe(1);
  });

  it('a rejected promise reaches the error boundary at once', async () => {
    const promise = settleMark(Promise.reject<string>(new Error('banners unavailable')));
    await settled(promise);
    const fallbacks = await renderValue(promise);
    expect(screen.getByRole('alert').textContent).toBe('banners unavailable');
    expect(fallbacks()).toBe(0);
  });

  it('a pending promise still suspends, then shows its value', async () => {
    let resolve!: (v: string) => void;
    const promise = settleMark(new Promise<string>((r) => (resolve = r)));
    const fallbacks = await renderValue(promise);
    expect(screen.getByText('loading').tagName).toBe('P');
    await act(async () => resolve('Daily jackpot'));
    expect(screen.getByText('Daily jackpot').tagName).toBe('P');
    expect(screen.queryByText('loading')).toBeNull();
    expect(fallbacks()).toBeGreaterThan(0);
  });
});

describe('withCatalogPart', () => {
  it("resolves with the route's data once the part is in, so the screen's useCatalogPart does not suspend", async () => {
    localStorage.clear();
    const part = () => loadCatalogPart('EN', 'money') as Promise<Catalog> & { status?: string; value?: Catalog };
    expect(part().status).toBe('pending');
    const data = await withCatalogPart('money', async () => ({ limits: 'loaded' }));
    expect(data).toEqual({ limits: 'loaded' });
    expect(part().status).toBe('fulfilled');
    expect(Object.keys(part().value ?? {}).some((id) => id.startsWith('money.'))).toBe(true);
  });

  it('a route without data of its own resolves once the part is in', async () => {
    await expect(withCatalogPart('identity')).resolves.toBeUndefined();
    expect((loadCatalogPart('EN', 'identity') as { status?: string }).status).toBe('fulfilled');
  });
});
