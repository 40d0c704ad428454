import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

/** One turn of the event loop: what a batch's work takes unless the test holds it. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A batch runner that records each batch and answers each input doubled: after
 * a turn of the event loop, or, when `held`, once the test releases it
 * (`release()`, batches in the order they started).
 */
function recorder(options: { fail?: (batch: number[]) => boolean; held?: boolean } = {}) {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const run = async (batch: number[]) => {
    batches.push([...batch]);
    for (const w of waiting.filter((w) => batches.length >= w.count)) w.resolve();
    await (options.held ? new Promise<void>((resolve) => gates.push(resolve)) : turn());
    if (options.fail?.(batch)) throw new Error(`batch ${batch.join(',')} failed`);
    return batch.map((n) => n * 2);
  };
  return {
    batches,
    run,
    /** Resolves once `count` batches have started. */
    started: (count: number) =>
      batches.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    release: () => gates.shift()?.(),
  };
}

describe('createBatcher', () => {
  it('runs a lone call at once, and calls that arrive while a batch runs together in the next one', async () => {
    const r = recorder({ held: true });
    const submit = createBatcher({ run: r.run });
    const first = submit(1);
    // The lone call's batch runs without waiting for others.
    await r.started(1);
    const later = [2, 3, 4].map((n) => submit(n));
    r.release();
    expect(await first).toBe(2);
    await r.started(2);
    r.release();
    expect(await Promise.all(later)).toEqual([4, 6, 8]);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('takes at most maxBatch calls a batch, in order', async () => {
    const r = recorder();
    const submit = createBatcher({ run: r.run, maxBatch: 2 });
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => submit(n)))).toEqual([2, 4, 6, 8, 10]);
    expect(r.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('never puts two calls with a common key in one batch, nor runs them at once, and keeps their order', async () => {
    const r = recorder();
    const submit = createBatcher({ run: r.run, maxInFlight: 2, keysOf: (n: number) => [`k${n % 3}`] });
    await Promise.all([1, 2, 4, 3, 7, 5].map((n) => submit(n)));
    for (const batch of r.batches) expect(new Set(batch.map((n) => n % 3)).size).toBe(batch.length);
    // Calls of one key ran in the order they came: 1, 4, 7 (k1) and 2, 5 (k2).
    const order = r.batches.flat();
    expect(order.filter((n) => n % 3 === 1)).toEqual([1, 4, 7]);
    expect(order.filter((n) => n % 3 === 2)).toEqual([2, 5]);
  });

  it('runs the calls of a failed batch one by one, so only the bad one fails', async () => {
    const r = recorder({ fail: (batch) => batch.includes(13) });
    const submit = createBatcher({ run: r.run });
    const outcomes = await Promise.allSettled([10, 11, 12, 13, 14].map((n) => submit(n)));
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'failed'))).toEqual([20, 22, 24, 'failed', 28]);
    expect(r.batches.filter((b) => b.length === 1).map((b) => b[0])).toEqual(expect.arrayContaining([10, 11, 12, 13, 14]));
  });

  it('runs at most maxInFlight batches at a time', async () => {
    let running = 0;
    let most = 0;
    const submit = createBatcher({
      maxBatch: 1,
      maxInFlight: 2,
      run: async (batch: number[]) => {
        running++;
        most = Math.max(most, running);
        await turn();
        running--;
        return batch;
      },
    });
    await Promise.all(Array.from({ length: 6 }, (_, i) => submit(i)));
    expect(most).toBe(2);
  });
});
