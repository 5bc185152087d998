import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EMPTY_SCORE_FACTORS, type ScoreFactors } from '#shared/lead-score-factors';
import { ScoreFactorsList, scoreFactorsText } from './score-factors';
import { ScoringModelView } from './scoring-model-panel';

const factors: ScoreFactors = {
  engagement: [{ label: '3 AI renders', points: 21 }],
  intent: [
    { label: 'Requested a quote', points: 40 },
    { label: 'Timeline: Ready now', points: 25 },
  ],
  quality: [{ label: 'Budget is unlikely for bedroom', points: -10 }],
  close: [],
};

describe('score factors', () => {
  it('writes plain text for one score or all of them', () => {
    expect(scoreFactorsText(factors, 'intent')).toBe('Requested a quote (+40), Timeline: Ready now (+25)');
    expect(scoreFactorsText(factors)).toBe(
      'Intent: Requested a quote (+40), Timeline: Ready now (+25)\nQuality: Budget is unlikely for bedroom (-10)\nEngagement: 3 AI renders (+21)',
    );
    expect(scoreFactorsText(null)).toBe('');
  });

  it('lists the factors with signed points, or says there are none', () => {
    const html = renderToStaticMarkup(<ScoreFactorsList factors={factors} />);
    expect(html).toContain('Requested a quote');
    expect(html).toContain('+40');
    expect(html).toContain('-10');
    expect(html).not.toContain('Close probability');
    expect(renderToStaticMarkup(<ScoreFactorsList factors={EMPTY_SCORE_FACTORS} />)).toContain('No score factors yet.');
    expect(renderToStaticMarkup(<ScoreFactorsList factors={factors} score="close" />)).toContain('No score factors yet.');
  });
});

describe('scoring model panel', () => {
  it('shows the kind, the fit and every weight', () => {
    const html = renderToStaticMarkup(
      <ScoringModelView
        model={{
          kind: 'fitted',
          fittedAt: '2026-11-20T10:00:00.000Z',
          samples: { converted: 12, dead: 30 },
          weights: [
            { feature: 'intercept', weight: -3.2 },
            { feature: 'engagement', weight: 0.5 },
            { feature: 'intent', weight: 4.25 },
            { feature: 'quality', weight: 1 },
          ],
          metrics: { logLoss: 0.41, accuracy: 0.83, l2: 1 },
        }}
      />,
    );
    expect(html).toContain('from 12 converted and 30 dead leads');
    expect(html).toContain('Intent score');
    expect(html).toContain('4.25');
    expect(html).toContain('-3.20');
    expect(html).toContain('accuracy 83%');
    const prior = renderToStaticMarkup(
      <ScoringModelView model={{ kind: 'prior', fittedAt: null, samples: { converted: 0, dead: 0 }, weights: [], metrics: null }} />,
    );
    expect(prior).toContain('Hand-set prior');
  });
});
