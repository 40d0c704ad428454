/**
 * Fakes for replaying generated paths on real actors: promise actors that
 * settle only when the test says so, and a way to let promises settle.
 */
import { fromPromise } from 'xstate';

/** Lets resolved or rejected promises of fake actors reach the machine. */
export const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/**
 * A promise actor whose calls wait until `resolve`/`reject` is called, in the
 * order they were made. `inputs` lists the input of every call, `signals` the
 * abort signal of every call (aborted when the machine stops the call).
 */
export function deferred<TOutput, TInput>() {
  const inputs: TInput[] = [];
  const signals: AbortSignal[] = [];
  const pending: Array<{ resolve: (output: TOutput) => void; reject: (error: unknown) => void }> = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        inputs.push(input);
        signals.push(signal);
        pending.push({ resolve, reject });
      }),
  );
  const next = () => {
    const call = pending.shift();
    if (!call) throw new Error('no pending call to settle');
    return call;
  };
  return {
    logic,
    inputs,
    signals,
    /** Calls not settled yet. */
    get pendingCount() {
      return pending.length;
    },
    resolve: (output: TOutput) => next().resolve(output),
    reject: (error: unknown) => next().reject(error),
  };
}
