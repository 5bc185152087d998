// The close-probability model for admins: prior or fitted, when and on how many outcomes, and each
// feature's weight. The integrator places <ScoringModelPanel /> in the admin dashboard.
import { useQuery } from '@tanstack/react-query';
import type { LeadScoringModel } from '#shared/lead-scoring-model';
import { leadScoringModelQuery } from './api/get-lead-scoring-model';

const FEATURE_NAMES: Record<LeadScoringModel['weights'][number]['feature'], string> = {
  intercept: 'Intercept',
  engagement: 'Engagement score',
  intent: 'Intent score',
  quality: 'Quality score',
};

export function ScoringModelPanel() {
  const model = useQuery(leadScoringModelQuery());
  if (model.isPending) return <p className="text-sm text-stone-600">Loading ...</p>;
  if (model.error)
    return (
      <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">
        {model.error.message}
      </p>
    );
  return <ScoringModelView model={model.data} />;
}

/** The panel's content for a given model (separate so it renders without a query client). */
export function ScoringModelView({ model }: { model: LeadScoringModel }) {
  const fitted = model.kind === 'fitted';
  return (
    <section aria-labelledby="scoring-model-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <h3 id="scoring-model-heading" className="font-semibold">
        Close probability model
      </h3>
      <p className="mt-1 text-sm text-stone-600">
        {fitted
          ? `Fitted ${new Date(model.fittedAt!).toLocaleString('en-US')} from ${model.samples.converted} converted and ${model.samples.dead} dead leads.`
          : 'Hand-set prior: not enough converted and dead leads yet to fit one.'}
      </p>
      <table className="mt-3 min-w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-stone-600">
          <tr>
            <th scope="col" className="py-1 pr-4 font-semibold">
              Feature
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Weight
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {model.weights.map((row) => (
            <tr key={row.feature}>
              <td className="py-1 pr-4">{FEATURE_NAMES[row.feature]}</td>
              <td className="py-1 text-right tabular-nums">{row.weight.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {model.metrics && (
        <p className="mt-2 text-xs text-stone-500">
          In-sample accuracy {(model.metrics.accuracy * 100).toFixed(0)}%, log-loss {model.metrics.logLoss.toFixed(3)} (L2{' '}
          {model.metrics.l2}).
        </p>
      )}
    </section>
  );
}
