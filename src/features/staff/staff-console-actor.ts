import type { ActorRefFrom } from 'xstate';
import type { provideStaffConsoleMachine } from '../../app/staff-console-actors.ts';

/** The staff console's actor as its views see it. */
export type StaffConsoleActor = ActorRefFrom<ReturnType<typeof provideStaffConsoleMachine>>;
