// What made a design's "after" image, in the words every view of it uses (the result, My Designs, the
// homeowner's and the contractor's emails, the lead details, the dossier and its PDF): an AI model at a named
// provider, or the offline preview engine (a preview of the homeowner's own photo, not an AI render), and
// why the preview stood in when an AI engine was chosen.

export const PROVIDER_LABELS: Record<string, string> = {
  replicate: 'Replicate',
  comfyui: 'ComfyUI',
  stability: 'Stability AI',
  openai: 'OpenAI',
  'offline-preview': 'Offline preview',
};

export const OFFLINE_PROVIDER = 'offline-preview';

/** The offline engine, as an engine card and the progress overlay name it. */
export const OFFLINE_RENDERER_LABEL = 'Offline preview (colour and material preview, not AI)';

export const providerLabel = (provider: string) => PROVIDER_LABELS[provider] ?? provider;

export type FallbackReason = 'ai-unavailable' | 'daily-budget';

/** What a stored render says about its image. */
export type RenderCredit = {
  provider: string | null;
  /** The model's display name ('FLUX.1 Kontext [pro]'); null for the offline preview or when unknown. */
  modelName: string | null;
  fallbackReason: FallbackReason | null;
};

export const isAiRender = (credit: Pick<RenderCredit, 'provider'>) => Boolean(credit.provider) && credit.provider !== OFFLINE_PROVIDER;

/** "FLUX.1 Kontext [pro] on Replicate", or "Replicate" when the model is unknown. */
export function aiModelLabel({ provider, modelName }: Pick<RenderCredit, 'provider' | 'modelName'>): string {
  const name = providerLabel(provider ?? '');
  return modelName ? `${modelName} on ${name}` : name;
}

/** Why the offline preview stood in, in a homeowner's words. */
export function fallbackExplanation(reason: FallbackReason | null): string | null {
  if (reason === 'daily-budget') return 'AI designs are paused for the rest of today';
  if (reason === 'ai-unavailable') return 'the AI engine could not finish this design';
  return null;
}

/**
 * The caption of an "after" image: "After (AI: FLUX.1 Kontext [pro] on Replicate)", "After (offline preview,
 * not AI)", "After (offline preview, not AI: the AI engine could not finish this design)", or "After" when unknown.
 */
export function afterImageLabel(credit: RenderCredit | null | undefined): string {
  if (!credit?.provider) return 'After';
  if (isAiRender(credit)) return `After (AI: ${aiModelLabel(credit)})`;
  const why = fallbackExplanation(credit.fallbackReason);
  return why ? `After (offline preview, not AI: ${why})` : 'After (offline preview, not AI)';
}
