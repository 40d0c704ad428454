import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

/** Lets every pending promise settle (a background refresh ends a few turns after its load). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('answer cache', () => {
  it('answers from memory until the lifetime ends', async () => {
    let time = 0;
    let loads = 0;
    const cache = createAnswerCache({ ttlMs: 1000, refreshAheadMs: 0, now: () => time });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    time = 999;
    expect(await cache.get('a', load)).toBe(1);
    time = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('drops the least recently used entry beyond its size and never keeps a failure', async () => {
    const cache = createAnswerCache({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'a2');
    await cache.get('c', async () => 'c');
    expect(await cache.get('a', async () => 'a3')).toBe('a');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
    await expect(cache.get('x', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
  });

  it('loads the next answer in the background near the end of the lifetime, answering from memory meanwhile', async () => {
    let time = 0;
    let loads = 0;
    let release: (() => void) | undefined;
    const cache = createAnswerCache({ ttlMs: 1000, refreshAheadMs: 200, now: () => time });
    const load = () =>
      new Promise<number>((resolve) => {
        const n = ++loads;
        if (n === 1) resolve(n);
        else release = () => resolve(n);
      });
    expect(await cache.get('a', load)).toBe(1);
    time = 799;
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(1);
    time = 800;
    // The refresh has begun and is not finished: still the first answer, and no second load.
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(2);
    release?.();
    await settled();
    expect(await cache.get('a', load)).toBe(2);
    // Its lifetime counts from when its load began (800), not from when it ended.
    time = 1799;
    expect(await cache.get('a', load)).toBe(2);
    expect(loads).toBe(3);
  });

  it('keeps the answer for the rest of its lifetime when a refresh fails, and never past it', async () => {
    let time = 0;
    let fail = false;
    let loads = 0;
    const cache = createAnswerCache({ ttlMs: 1000, refreshAheadMs: 200, now: () => time });
    const load = async () => {
      loads++;
      if (fail) throw new Error('database down');
      return `answer ${loads}`;
    };
    expect(await cache.get('a', load)).toBe('answer 1');
    fail = true;
    time = 900;
    expect(await cache.get('a', load)).toBe('answer 1');
    await settled();
    // The next caller tries again.
    expect(await cache.get('a', load)).toBe('answer 1');
    expect(loads).toBe(3);
    time = 1000;
    await expect(cache.get('a', load)).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get('a', load)).toBe('answer 5');
  });

  it('answers from memory when a refresh throws at once', async () => {
    let time = 0;
    const cache = createAnswerCache({ ttlMs: 1000, refreshAheadMs: 200, now: () => time });
    await cache.get('a', async () => 'kept');
    time = 900;
    const throwing = (): Promise<string> => {
      throw new Error('bad input');
    };
    expect(await cache.get('a', throwing)).toBe('kept');
    await settled();
    expect(await cache.get('a', async () => 'next')).toBe('kept');
    await settled();
    expect(await cache.get('a', async () => 'unused')).toBe('next');
  });

  it('drops a refresh that ends after the cache was cleared', async () => {
    let time = 0;
    let release: ((value: string) => void) | undefined;
    const cache = createAnswerCache({ ttlMs: 1000, refreshAheadMs: 200, now: () => time });
    await cache.get('a', async () => 'old');
    time = 900;
    await cache.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    expect(await cache.get('a', async () => 'after clear')).toBe('after clear');
    release?.('late');
    await settled();
    expect(await cache.get('a', async () => 'unused')).toBe('after clear');
  });

  it('is off with a lifetime of 0', async () => {
    const cache = createAnswerCache({ ttlMs: 0 });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });
});
