// What other features may use of the lead scores: the factor lists and the scoring model panel.
export { ScoreFactorsList, scoreFactorsText, type ScoreKey } from './score-factors';
export { ScoringModelPanel } from './scoring-model-panel';
