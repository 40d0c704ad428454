import { createFileRoute } from '@tanstack/react-router';
import { FeedbackScreen } from '../../features/member/feedback-screen.tsx';

export const Route = createFileRoute('/_member-only/m/feedback')({
  component: FeedbackScreen,
});
