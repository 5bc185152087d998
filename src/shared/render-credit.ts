// What made a design's "after" image, in the words every view of it uses: an AI engine at a named provider,
// or the offline preview engine (a preview of the homeowner's own photo, not an AI render).

export const PROVIDER_LABELS: Record<string, string> = {
  replicate: 'Replicate',
  comfyui: 'ComfyUI',
  stability: 'Stability AI',
  openai: 'OpenAI',
};

export const providerLabel = (provider: string) => PROVIDER_LABELS[provider] ?? provider;

/** The caption of an "after" image: "After (AI, Replicate)", "After (offline preview, not AI)", or "After" when unknown. */
export function afterImageLabel(provider: string | null | undefined): string {
  if (!provider) return 'After';
  if (provider === 'offline-preview') return 'After (offline preview, not AI)';
  return `After (AI, ${providerLabel(provider)})`;
}
