/**
 * Marks a promise with its outcome as it settles (`status`, `value` or
 * `reason`), the way React's `use()` reads a thenable, and returns it. Once it
 * has settled, `use()` returns its value at once instead of suspending for one
 * more render: data that is already in (the first screen's answers, a cached
 * catalog or setting) is on screen in the first commit.
 */
export function settleMark<T>(promise: Promise<T>): Promise<T> {
  const thenable = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  if (thenable.status) return promise;
  thenable.status = 'pending';
  promise.then(
    (value) => {
      thenable.status = 'fulfilled';
      thenable.value = value;
    },
    (reason: unknown) => {
      thenable.status = 'rejected';
      thenable.reason = reason;
    },
  );
  return promise;
}
