// The offline preview engine as a render provider: CPU only, no network, deterministic per seed.
import { renderOffline } from '#server/engines/offline/offline-engine';
import type { RenderProvider } from './engine';

export const OFFLINE_PROVIDER_NAME = 'offline-preview';

export const offlineProvider: RenderProvider = {
  name: OFFLINE_PROVIDER_NAME,
  async render({ image, styleId, customPrompt, seed, onProgress }) {
    const output = await renderOffline({ image, styleId, customPrompt, seed, onProgress });
    return { image: output.image, provider: OFFLINE_PROVIDER_NAME };
  },
};
