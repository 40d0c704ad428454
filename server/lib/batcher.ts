/**
 * Group commit: calls submitted while the previous batch is running wait and
 * then run together as one batch. A lone call starts at once (on the next
 * turn of the event loop, so calls arriving together start together); under
 * load each batch takes every call that queued meanwhile, up to `maxBatch`.
 * At most `maxInFlight` batches run at a time. Calls that share a key
 * (`keysOf`) never run at the same time: the later one waits for a later
 * batch, in the order they came. When a batch fails as a whole, its calls are run again
 * one by one, so one bad call only fails itself.
 */

export interface BatcherOptions<I, O> {
  /** Runs a batch; resolves with one outcome per input, in input order. */
  run: (batch: I[]) => Promise<O[]>;
  /** Largest batch (default 64). */
  maxBatch?: number;
  /** Batches running at the same time (default 1). */
  maxInFlight?: number;
  /** Keys of a call: two calls sharing one are never in the same batch. */
  keysOf?: (input: I) => readonly string[];
}

interface Pending<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

export type Batcher<I, O> = (input: I) => Promise<O>;

export function createBatcher<I, O>(options: BatcherOptions<I, O>): Batcher<I, O> {
  const maxBatch = options.maxBatch ?? 64;
  const maxInFlight = options.maxInFlight ?? 1;
  const keysOf = options.keysOf ?? (() => []);
  const queue: Pending<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;
  /** Keys of the calls of the batches running now. */
  const running = new Map<string, number>();

  async function runOne(batch: Pending<I, O>[]): Promise<void> {
    let outputs: O[];
    try {
      outputs = await options.run(batch.map((p) => p.input));
      if (outputs.length !== batch.length) throw new Error(`batch of ${batch.length} answered ${outputs.length} outcomes`);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const pending of batch) await runOne([pending]);
      return;
    }
    for (const [i, pending] of batch.entries()) pending.resolve(outputs[i] as O);
  }

  /** The next batch: calls in order, up to maxBatch, skipping (and keeping queued) those sharing a key with an earlier one. */
  function take(): Pending<I, O>[] {
    if (!options.keysOf) return queue.splice(0, maxBatch);
    const taken: Pending<I, O>[] = [];
    const kept: Pending<I, O>[] = [];
    const seen = new Set<string>(running.keys());
    for (const pending of queue) {
      const keys = keysOf(pending.input);
      // A call whose key is seen stays queued, and marks its other keys so later calls keep their order.
      const clash = taken.length >= maxBatch || keys.some((key) => seen.has(key));
      for (const key of keys) seen.add(key);
      (clash ? kept : taken).push(pending);
    }
    queue.splice(0, queue.length, ...kept);
    return taken;
  }

  function pump(): void {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = take();
      if (batch.length === 0) break;
      const keys = batch.flatMap((p) => keysOf(p.input));
      for (const key of keys) running.set(key, (running.get(key) ?? 0) + 1);
      inFlight++;
      void runOne(batch).finally(() => {
        for (const key of keys) {
          const left = (running.get(key) ?? 1) - 1;
          if (left > 0) running.set(key, left);
          else running.delete(key);
        }
        inFlight--;
        pump();
      });
    }
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        setImmediate(pump);
      }
    });
}
