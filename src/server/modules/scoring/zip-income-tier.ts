// The income tier of a served ZIP, from the estimated table in src/shared/data/zip-income-tiers.json
// (an estimate by town; docs/lead-scoring.md says how it was made and how to replace it).
import table from '#shared/data/zip-income-tiers.json' with { type: 'json' };

export type IncomeTier = 'High' | 'Medium' | 'Low';

/** Every ZIP the table knows, with its tier. */
export const ZIP_INCOME_TIERS: ReadonlyMap<string, IncomeTier> = new Map(table.zips.map((row) => [row.zip, row.tier as IncomeTier]));

/** The tier of a ZIP, or null for a ZIP the table does not know (outside the launch area). */
export function zipIncomeTier(zip: string): IncomeTier | null {
  return ZIP_INCOME_TIERS.get(zip) ?? null;
}
