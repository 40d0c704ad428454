import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { allPaths } from '../../contract/route-paths.ts';
import { createAppRouter } from './router.ts';

describe('route tree (src/routes/routes.ts)', () => {
  it('declares exactly the paths of the route table, plus the catch-all', () => {
    const router = createAppRouter({ history: createMemoryHistory() });
    const declared = Object.keys(router.routesByPath).filter((p) => p !== '');
    const expected = [...allPaths.filter((p) => p !== '/m/'), '/$'];
    expect(declared.sort()).toEqual(expected.sort());
  });
});
