/**
 * How an actor of the app's system tells the app machine something (a login,
 * a logout, a changed password, a page to go to): through the system, by the
 * app actor's system id, so every such event shows in the inspector.
 */
import type { AnyActorRef } from 'xstate';
import type { AppEvent } from '../../machines/app.machine.ts';

/** The part of an action's arguments this needs. */
export interface SystemArgs {
  system: { get: (systemId: string) => AnyActorRef | undefined };
}

export function sendToApp({ system }: SystemArgs, event: AppEvent) {
  system.get('app')?.send(event);
}
