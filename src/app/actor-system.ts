/**
 * The app's one actor system. The app actor (machines/app.machine.ts, system
 * id `app`) is its root; the long-lived actors are its children (systemStatus,
 * balance, favourites, launch); every screen's machine joins it through
 * `useSystemActor`. So `system.get(id)` reaches any of them, and the
 * inspector (`?inspect`) sees them all.
 */
import { useEffect, useState } from 'react';
import { type ActorRefFrom, type AnyActorLogic, createActor, type InputFrom } from 'xstate';
import { AppActorContext } from './app-actor.tsx';

/** A system id not taken by another running actor: `id`, else `id#2`, `id#3` ... */
function freeSystemId(system: { get: (id: string) => unknown }, id: string): string {
  if (!system.get(id)) return id;
  let n = 2;
  while (system.get(`${id}#${n}`)) n++;
  return `${id}#${n}`;
}

/**
 * Starts a screen's machine as a child of the app actor, registered under
 * `systemId` while the screen is mounted, and stops it when the screen goes.
 * The one way a view gets an actor (views never call `createActor`).
 */
export function useSystemActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: { systemId: string; input?: InputFrom<TLogic> },
): ActorRefFrom<TLogic> {
  const app = AppActorContext.useActorRef();
  // Created on the first render (its first snapshot renders at once); it joins the system when it starts,
  // so a render React throws away leaves nothing registered behind.
  const [actor] = useState(() => createActor(logic, { parent: app, id: options.systemId, input: options.input as never }));
  useEffect(() => {
    actor.systemId = freeSystemId(app.system, options.systemId);
    actor.start();
    // A child is stopped by its parent (the app machine's `actor.stop`).
    return () => app.send({ type: 'actor.stop', systemId: actor.systemId ?? options.systemId });
  }, [actor, app, options.systemId]);
  return actor as unknown as ActorRefFrom<TLogic>;
}
