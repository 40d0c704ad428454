import { createFileRoute } from '@tanstack/react-router';
import { helpSearch } from '../../../contract/route-search.ts';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/help')({
  validateSearch: helpSearch,
  component: HelpScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function HelpScreen() {
  return <ComingSoon icon="circle-question-mark" />;
}
