import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for what the user will see, not for a deadline: on a shared,
// loaded machine a lazily imported screen part (the logout dialog, a route chunk) can take
// longer than Testing Library's 1 s default to arrive. A wait that never comes still fails.
configure({ asyncUtilTimeout: 4_000 });

afterEach(() => {
  cleanup();
});
