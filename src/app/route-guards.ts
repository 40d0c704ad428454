/**
 * Route guards (spec section 6), used by the pathless layouts in
 * src/routes/guards/. Views never decide access; these run in `beforeLoad`.
 */
import { redirect } from '@tanstack/react-router';
import type { RouterContext } from './router-context.ts';

/** Guests go to /m/login (replace), remembering where they wanted to go. */
export function requireSession({ context, location }: { context: RouterContext; location: { href: string } }) {
  if (context.auth.role() === 'guest') {
    throw redirect({ to: '/m/login', search: { redirect: location.href }, replace: true });
  }
}

/** Anyone but an agent goes to /m/home (replace). */
export function requireAgent({ context }: { context: RouterContext }) {
  if (context.auth.role() !== 'agent') {
    throw redirect({ to: '/m/home', replace: true });
  }
}

/**
 * /m/changePsw needs a session with a password (spec section 5 'Needs a
 * session user'): guests go to /m/login (replace, with the way back); trial
 * accounts, which have no password, go to /m/home (replace).
 */
export function requirePasswordAccount(args: { context: RouterContext; location: { href: string } }) {
  requireSession(args);
  if (args.context.auth.role() === 'trial') throw redirect({ to: '/m/home', replace: true });
}
