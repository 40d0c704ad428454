/** The home footer's decorative jackpot counter, in the app's actor system (its own module: the footer loads when scrolled near). */
import { jackpotCounterMachine } from '../../machines/jackpot-counter.machine.ts';
import { useSystemActor } from './actor-system.ts';
import { prefersReducedMotion } from './motion.ts';

export function useJackpotCounter() {
  return useSystemActor(jackpotCounterMachine, { systemId: 'jackpotCounter', input: { reducedMotion: prefersReducedMotion() } });
}
