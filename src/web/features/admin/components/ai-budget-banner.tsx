// Shown on every admin tab once today's estimated AI spend reaches AI_DAILY_BUDGET_USD: from then until
// midnight (Massachusetts time) new designs are offline previews, labelled as such to homeowners.
import { useQuery } from '@tanstack/react-query';
import { aiBudgetQuery } from '../api/get-ai-budget';

export function AiBudgetBanner() {
  const { data } = useQuery(aiBudgetQuery());
  if (!data?.budget.reached) return null;
  const { dailyBudgetUsd, spentTodayUsd } = data.budget;
  return (
    <p
      role="alert"
      className="rounded-lg bg-amber-100 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-300"
      data-testid="ai-budget-banner"
    >
      <strong>Daily AI budget reached.</strong> Estimated spend today is ${spentTodayUsd.toFixed(2)} of ${dailyBudgetUsd?.toFixed(2)}
      (AI_DAILY_BUDGET_USD). New designs use the offline preview, labelled as such, until midnight Massachusetts time.
    </p>
  );
}
