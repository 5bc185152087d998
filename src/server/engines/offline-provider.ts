// The offline preview engine as a render provider: CPU only, no network, deterministic per seed. A refinement
// recolours only the surfaces its words name, and the result's note says which words it understood.
import { readPrompt } from '#server/engines/offline/prompt-look';
import { renderOffline } from '#server/engines/offline/offline-engine';
import { OFFLINE_DISPLAY_NAME, OFFLINE_MODEL_KEY } from './ai-models';
import type { RenderProvider } from './engine';

export const OFFLINE_PROVIDER_NAME = 'offline-preview';

/** The words of a refinement the offline preview can act on (colours, materials, moods); empty when none. */
export const offlineUnderstands = (refinement: string): string[] => readPrompt(refinement).understood;

export const offlineProvider: RenderProvider = {
  name: OFFLINE_PROVIDER_NAME,
  model: { key: OFFLINE_MODEL_KEY, displayName: OFFLINE_DISPLAY_NAME },
  async render({ image, styleId, customPrompt, seed, onProgress, refinement }) {
    const output = await renderOffline({ image, styleId, customPrompt, seed, onProgress, refinement });
    const note = refinement
      ? `The offline preview understood: ${offlineUnderstands(refinement).join(', ') || 'no colour or material words'}. It changes colours and materials, not objects.`
      : undefined;
    return { image: output.image, provider: OFFLINE_PROVIDER_NAME, model: OFFLINE_MODEL_KEY, costUsd: 0, note };
  },
};
