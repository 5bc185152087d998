// The income tier of a served ZIP, from the estimated table in src/shared/data/zip-income-tiers.json
// (an estimate by town; docs/lead-scoring.md says how it was made and how to replace it).
import table from '#shared/data/zip-income-tiers.json' with { type: 'json' };

export type IncomeTier = 'High' | 'Medium' | 'Low';

const TIERS = new Map(table.zips.map((row) => [row.zip, row.tier as IncomeTier]));

/** The tier of a ZIP, or null for a ZIP the table does not know (outside the launch area). */
export function zipIncomeTier(zip: string): IncomeTier | null {
  return TIERS.get(zip) ?? null;
}
