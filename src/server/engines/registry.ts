// Which provider renders each of the seed's engines, from configuration (ENGINE_STRUCTURAL_DESIGN_AI,
// ENGINE_ARCHITECTURAL_VISION_ENGINE, or the recommended models when only a provider key is set; see
// config.ts). With no provider the offline preview engine renders, so the product works anywhere; a
// configured provider that fails falls back to it, marked as such.
import type { AiEngineId } from '#shared/constants';
import type { Config } from '#server/config';
import { createPriceTable } from './ai-models';
import { createComfyUiProvider } from '#server/engines/comfyui/comfyui-provider';
import type { RenderProvider } from './engine';
import { offlineProvider } from './offline-provider';
import { createOpenAiProvider } from '#server/engines/openai/openai-provider';
import { createReplicateProvider } from '#server/engines/replicate/replicate-provider';
import { parseReplicateModel } from '#server/engines/replicate/replicate-model';
import { createStabilityProvider } from '#server/engines/stability/stability-provider';

export type EngineRegistry = {
  providerFor: (engine: AiEngineId) => RenderProvider;
  /** Used when a provider fails, so the homeowner still sees their own room restyled. */
  fallback: RenderProvider;
};

export function createEngineRegistry(bindings: Partial<Record<AiEngineId, RenderProvider>> = {}): EngineRegistry {
  return {
    providerFor: (engine) => bindings[engine] ?? offlineProvider,
    fallback: offlineProvider,
  };
}

/** Builds each engine's provider from its binding text, e.g. 'replicate:black-forest-labs/flux-depth-pro'. */
export function createEngineRegistryFromConfig({
  engines,
  providers,
  publicUrl,
  ai,
}: Pick<Config, 'engines' | 'providers'> & Partial<Pick<Config, 'publicUrl' | 'ai'>>): EngineRegistry {
  const price = createPriceTable(ai?.prices);
  // With a webhook secret, Replicate calls us back when a prediction completes; polling slows to a fallback.
  const replicateWebhook =
    providers.replicate?.webhookSecret && publicUrl
      ? { webhook: `${publicUrl}/api/webhooks/replicate`, webhookEventsFilter: ['completed' as const], pollIntervalMs: 10_000 }
      : {};
  const build = (binding: string): RenderProvider => {
    const [kind, ...rest] = binding.split(':');
    switch (kind.toLowerCase()) {
      case 'replicate':
        return createReplicateProvider({
          apiToken: providers.replicate!.apiToken,
          baseUrl: providers.replicate!.baseUrl,
          model: parseReplicateModel(rest.join(':')),
          price,
          ...replicateWebhook,
        });
      case 'comfyui':
        return createComfyUiProvider({ baseUrl: providers.comfyui!.baseUrl, apiKey: providers.comfyui!.apiKey, price });
      case 'stability':
        return createStabilityProvider({ apiKey: providers.stability!.apiKey, baseUrl: providers.stability!.baseUrl, price });
      case 'openai':
        return createOpenAiProvider({
          apiKey: providers.openai!.apiKey,
          baseUrl: providers.openai!.baseUrl,
          model: rest.join(':') || undefined,
          price,
        });
      default:
        return offlineProvider;
    }
  };
  return createEngineRegistry({
    'structural-design-ai': build(engines['structural-design-ai']),
    'architectural-vision-engine': build(engines['architectural-vision-engine']),
  });
}
