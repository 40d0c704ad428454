import type { Role } from '../../machines/session.ts';

/**
 * What every route's `beforeLoad` can read. `role()` reads the app machine's
 * snapshot at the moment of navigation (filled in by `AppRouter`).
 */
export interface RouterContext {
  auth: { role: () => Role };
}
