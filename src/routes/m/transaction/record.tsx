import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { typesSearch } from '../../../../contract/route-search.ts';
import { recordTypeOf, TransactionRecordScreen } from '../../../features/money/records-screen.tsx';

export const Route = createFileRoute('/_member-only/m/transaction/record')({
  validateSearch: typesSearch,
  component: RecordScreen,
});

/** The type filter is kept in the address (`?types=`), so a shared or reloaded page shows the same list. */
function RecordScreen() {
  const { types } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <TransactionRecordScreen
      types={recordTypeOf(types)}
      onTypesChange={(next) => void navigate({ to: '/m/transaction/record', search: { types: next }, replace: true })}
    />
  );
}
