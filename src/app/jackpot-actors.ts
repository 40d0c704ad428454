/** The decorative jackpot counters, in the app's actor system (their own module: the views load with their screens). */
import { type JackpotMode, jackpotCounterMachine } from '../../machines/jackpot-counter.machine.ts';
import { useSystemActor } from './actor-system.ts';
import { prefersReducedMotion } from './motion.ts';

/** The home footer's growing counter, or the slots centre's fixed number. */
export function useJackpotCounter(mode: JackpotMode = 'growing') {
  return useSystemActor(jackpotCounterMachine, {
    systemId: mode === 'fixed' ? 'jackpotFixed' : 'jackpotCounter',
    input: { mode, reducedMotion: prefersReducedMotion() },
  });
}
