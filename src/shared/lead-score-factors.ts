// What a lead's scores carry to the screens that explain them (the admin leads table, the lead dossier,
// the contractor's details). The scoring module on the server fills it; the client only displays it.

/** One reason behind a score: a readable label and the points it added (negative when it took some away). */
export type ScoreFactor = { label: string; points: number };

/** The top factors behind each of the four scores, largest effect first (at most three each). */
export type ScoreFactors = {
  engagement: ScoreFactor[];
  intent: ScoreFactor[];
  quality: ScoreFactor[];
  close: ScoreFactor[];
};

export const EMPTY_SCORE_FACTORS: ScoreFactors = { engagement: [], intent: [], quality: [], close: [] };
