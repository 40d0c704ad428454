import { createFileRoute } from '@tanstack/react-router';
import { withCatalogPart } from '../../app/catalog-part.ts';
import { FeedbackScreen } from '../../features/member/feedback-screen.tsx';

export const Route = createFileRoute('/_member-only/m/feedback')({
  loader: () => withCatalogPart('identity'),
  component: FeedbackScreen,
});
