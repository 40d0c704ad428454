import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

describe('answer cache', () => {
  it('answers from memory until the lifetime ends', async () => {
    let time = 0;
    let loads = 0;
    const cache = createAnswerCache({ ttlMs: 1000, now: () => time });
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

  it('is off with a lifetime of 0', async () => {
    const cache = createAnswerCache({ ttlMs: 0 });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });
});
