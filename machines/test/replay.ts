/**
 * Replays a generated path on a real actor whose invoked promise actors are
 * fakes settled by the path's own done/error events, with delays driven by
 * vitest's fake timers, and checks after every step that the actor shows the
 * state value and context the model predicted. Use with `vi.useFakeTimers()`.
 */
import { vi } from 'vitest';
import { type AnyEventObject, type AnyStateMachine, createActor, fromPromise, type InputFrom } from 'xstate';
import { eventsOf, type MachinePath } from './coverage.ts';
import { flush } from './fakes.ts';

interface PendingCall {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export interface ReplayOptions {
  /** Delay name -> milliseconds (as in the machine's `setup({ delays })`). */
  delays: Record<string, number>;
  /** Invoke id -> actor src name, for the done/error events of the path. */
  invokes: Record<string, string>;
}

export interface ReplayResult {
  /** The inputs of every call of every actor, by src name. */
  calls: Record<string, unknown[]>;
}

/** Runs the path and asserts each step's value and context; returns what the fake actors were asked. */
export async function replayPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input: InputFrom<TMachine>,
  path: MachinePath<TMachine>,
  options: ReplayOptions,
  check: (actual: { value: unknown; context: unknown }, expected: { value: unknown; context: unknown }) => void,
): Promise<ReplayResult> {
  const srcNames = [...new Set(Object.values(options.invokes))];
  const pending: Record<string, PendingCall[]> = Object.fromEntries(srcNames.map((n) => [n, []]));
  const calls: Record<string, unknown[]> = Object.fromEntries(srcNames.map((n) => [n, []]));
  const actors = Object.fromEntries(
    srcNames.map((name) => [
      name,
      fromPromise(
        ({ input: callInput }) =>
          new Promise((resolve, reject) => {
            calls[name]!.push(callInput);
            pending[name]!.push({ input: callInput, resolve, reject });
          }),
      ),
    ]),
  );
  const actor = createActor(machine.provide({ actors: actors as never }), { input });
  actor.start();
  check(actor.getSnapshot(), path.steps[0]!.state);
  const events = eventsOf(path);
  for (const [i, event] of events.entries()) {
    await settle(actor, event as AnyEventObject, pending, options);
    await flush();
    check(actor.getSnapshot(), path.steps[i + 1]!.state);
  }
  actor.stop();
  return { calls };
}

async function settle(
  actor: { send: (event: AnyEventObject) => void },
  event: AnyEventObject,
  pending: Record<string, PendingCall[]>,
  options: ReplayOptions,
) {
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (done) {
    const src = options.invokes[done[2]!];
    // The latest call is the live one; earlier ones belong to stopped invocations.
    const call = src ? pending[src]?.pop() : undefined;
    if (!call) throw new Error(`no pending call for ${event.type}`);
    if (done[1] === 'done') call.resolve((event as { output?: unknown }).output);
    else call.reject((event as { error?: unknown }).error);
    return;
  }
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after) {
    const ms = options.delays[after[1]!];
    if (ms === undefined) throw new Error(`unknown delay ${after[1]}`);
    await vi.advanceTimersByTimeAsync(ms);
    return;
  }
  actor.send(event);
}
