import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { helpSearch } from '../../../contract/route-search.ts';
import { HelpScreen } from '../../features/help/help-screen.tsx';

export const Route = createFileRoute('/m/help')({
  validateSearch: helpSearch,
  component: HelpRoute,
});

/** The chosen item is kept in the address (`?i=`), replacing the entry, so Back leaves the help centre. */
function HelpRoute() {
  const { i } = Route.useSearch();
  const navigate = useNavigate();
  return <HelpScreen selected={i} onSelect={(index) => void navigate({ to: '/m/help', search: { i: index }, replace: true })} />;
}
