import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait for what the user will see, not for a deadline: on a shared,
// loaded machine a lazily imported screen part (the logout dialog, a route chunk) or a fake
// server's answer can take far longer than Testing Library's 1 s default to arrive (a file
// that takes 7 s alone took 36 s beside a second full run). A wait that never comes still fails.
configure({ asyncUtilTimeout: 10_000 });

// user-event runs its gestures with React's act environment switched off (Testing Library's
// asyncWrapper), as in a browser, yet dispatched each event inside a synchronous act(). When
// that event mounts a part still loading (a React.lazy screen part), the render suspends inside
// the act, which then drops React's scheduled work, and the part never appears once its code
// is in (it did so on a loaded machine). Outside an act environment the events are dispatched
// as a browser does and React schedules its own work; inside one, as before.
const { eventWrapper } = getConfig();
configure({
  eventWrapper: (dispatch) =>
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT ? eventWrapper(dispatch) : dispatch(),
});

// Each test starts with empty storage (a remembered login, a language, a seen notice) and the real
// globals (a fake server's fetch), whatever ran before it.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
