import { createFileRoute } from '@tanstack/react-router';
import { ReceiptText } from 'lucide-react';
import { typesSearch } from '../../../app/search-schemas.ts';
import { ComingSoon } from '../../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_member-only/m/transaction/record')({
  validateSearch: typesSearch,
  component: RecordScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function RecordScreen() {
  return <ComingSoon icon={ReceiptText} />;
}
