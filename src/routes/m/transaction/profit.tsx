import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { typesSearch } from '../../../../contract/route-search.ts';
import { ProfitRecordScreen, profitViewOf } from '../../../features/money/records-screen.tsx';

export const Route = createFileRoute('/_member-only/m/transaction/profit')({
  validateSearch: typesSearch,
  component: ProfitScreen,
});

/** The view is kept in the address (`?types=A` the days, `?types=O` the bonus details). */
function ProfitScreen() {
  const { types } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <ProfitRecordScreen
      view={profitViewOf(types)}
      onViewChange={(next) => void navigate({ to: '/m/transaction/profit', search: { types: next }, replace: true })}
    />
  );
}
