import type { Role } from '../../machines/session.ts';
import type { ConsolidatedSettings } from '../../contract/system.ts';

/**
 * What every route's `beforeLoad` and loader can read (filled in by
 * `AppRouter`). `role()` reads the app machine's snapshot at the moment of
 * navigation; `settings()` the merchant's consolidated settings (asked once).
 */
export interface RouterContext {
  auth: { role: () => Role };
  settings: () => Promise<ConsolidatedSettings | null>;
}
