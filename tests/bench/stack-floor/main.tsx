/**
 * The STACK FLOOR of `npm run bench:web`: the baseline's hello page, built
 * with the libraries every screen of the app starts with (the product's fixed
 * stack): TanStack Router renders it, an XState actor is read with
 * `useSelector`, react-intl formats its text from a compiled message, zod
 * (mini) checks its data and ofetch is loaded. No app code: what it measures
 * is the least any page of this stack costs on the machine of the run.
 */
import { createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { ofetch } from 'ofetch';
import { createRoot } from 'react-dom/client';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { createMachine } from 'xstate';
import * as z from 'zod/mini';

const page = z.object({ title: z.string(), text: z.string() });
const machine = createMachine({ id: 'hello', initial: 'shown', states: { shown: { on: { hide: 'hidden' } }, hidden: {} } });
const text = 'A minimal React page on the app’s stack, a reference of the web benchmark.';

function Hello() {
  const actor = useActorRef(machine);
  const state = useSelector(actor, (s) => String(s.value));
  const { title } = page.parse({ title: 'Hello', text });
  return (
    <main data-state={state} data-fetch={typeof ofetch}>
      <h1>{title}</h1>
      <p>
        <FormattedMessage id="text" />
      </p>
    </main>
  );
}

const router = createRouter({ routeTree: createRootRoute({ component: Hello }) });
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <IntlProvider locale="en" messages={{ text: [{ type: 0, value: text }] }}>
    <RouterProvider router={router} />
  </IntlProvider>,
);
