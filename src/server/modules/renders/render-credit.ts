// A stored render's credit (what made its image) from its columns: the model key becomes the name people see.
import { findModel } from '#server/engines/ai-models';
import type { FallbackReason, RenderCredit } from '#shared/render-credit';

export type CreditColumns = { provider: string | null; model: string | null; fallback_reason: string | null };

export function creditOf(row: CreditColumns): RenderCredit {
  return {
    provider: row.provider,
    modelName: row.model ? (findModel(row.model)?.displayName ?? null) : null,
    fallbackReason: (row.fallback_reason as FallbackReason | null) ?? null,
  };
}
