// A lead's score explanations (ScoreFactors) shown compactly: a short list for the dossier and details
// views, and plain text for a title or tooltip in the leads table.
import { EMPTY_SCORE_FACTORS, type ScoreFactor, type ScoreFactors } from '#shared/lead-score-factors';

export type ScoreKey = keyof ScoreFactors;

export const SCORE_NAMES: Record<ScoreKey, string> = {
  engagement: 'Engagement',
  intent: 'Intent',
  quality: 'Quality',
  close: 'Close probability',
};
const ORDER: ScoreKey[] = ['intent', 'close', 'quality', 'engagement'];

const signed = (points: number) => (points > 0 ? `+${points}` : String(points));
const factorText = (factor: ScoreFactor) => `${factor.label} (${signed(factor.points)})`;

/**
 * Plain text of the factors: one score ("Requested a quote (+40), Timeline: Ready now (+25)") or,
 * without a key, every score on its own line. Empty when nothing explains the score yet.
 */
export function scoreFactorsText(factors: ScoreFactors | null | undefined, key?: ScoreKey): string {
  const all = factors ?? EMPTY_SCORE_FACTORS;
  if (key) return all[key].map(factorText).join(', ');
  return ORDER.filter((name) => all[name].length > 0)
    .map((name) => `${SCORE_NAMES[name]}: ${all[name].map(factorText).join(', ')}`)
    .join('\n');
}

/** The factors behind one score, or behind all four when no score is named. */
export function ScoreFactorsList({ factors, score }: { factors: ScoreFactors | null | undefined; score?: ScoreKey }) {
  const all = factors ?? EMPTY_SCORE_FACTORS;
  const keys = score ? [score] : ORDER.filter((name) => all[name].length > 0);
  if (keys.every((name) => all[name].length === 0)) return <p className="text-xs text-stone-500">No score factors yet.</p>;
  return (
    <dl className="space-y-1 text-xs">
      {keys.map((name) => (
        <div key={name}>
          {!score && <dt className="font-semibold text-stone-700">{SCORE_NAMES[name]}</dt>}
          <dd>
            <ul className="space-y-0.5">
              {all[name].map((factor) => (
                <li key={factor.label} className="flex justify-between gap-3">
                  <span className="text-stone-700">{factor.label}</span>
                  <span className={factor.points < 0 ? 'font-medium text-red-700' : 'font-medium text-green-700'}>
                    {signed(factor.points)}
                  </span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}
