/**
 * The launcher and the favourites as the views see them: children of the app
 * actor (`launch`, `favourites`), started on demand by src/app/lobby-play.ts.
 * Types only from the machines, so this costs the lobby's first load nothing.
 */
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { favouritesMachine } from '../../machines/favourites.machine.ts';
import type { launchMachine } from '../../machines/launch.machine.ts';

export interface PlayActors {
  favourites: ActorRefFrom<typeof favouritesMachine>;
  launch: ActorRefFrom<typeof launchMachine>;
}

/** The launcher and the favourites of the app's system, null until both run. */
export function playActorsOf(system: { get: (systemId: string) => AnyActorRef | undefined }): PlayActors | null {
  const favourites = system.get('favourites') as PlayActors['favourites'] | undefined;
  const launch = system.get('launch') as PlayActors['launch'] | undefined;
  return favourites && launch ? { favourites, launch } : null;
}
