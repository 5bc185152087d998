// Which provider renders each of the seed's engines. Today both run on the offline preview engine;
// real AI providers are bound here by configuration as they are added.
import type { AiEngineId } from '../../shared/constants';
import type { RenderProvider } from './engine';
import { offlineProvider } from './offline-provider';

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
