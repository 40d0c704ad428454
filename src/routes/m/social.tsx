import { createFileRoute } from '@tanstack/react-router';
import { socialReturnSearch } from '../../../contract/social.ts';
import { SocialReturnScreen } from '../../features/identity/social-return-screen.tsx';

/**
 * Where the server's social login callback sends the browser (contract/social.ts socialReturnPath). Its
 * search is read here, in the page's own chunk, and the screen loads its messages (the identity part)
 * itself: nothing of this route but its path is in the route table, which is in the site's first load.
 */
export const Route = createFileRoute('/m/social')({
  component: SocialReturnRoute,
});

function SocialReturnRoute() {
  const { ticket, error, linked } = socialReturnSearch.parse(Route.useSearch());
  return <SocialReturnScreen ticket={ticket ?? null} error={error ?? null} linked={linked ?? null} />;
}
