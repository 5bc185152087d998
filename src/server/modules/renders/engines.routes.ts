// GET /api/engines: which model renders each engine (from the registry), or the offline preview, and whether
// AI designs are paused for the day by the spend guard. Public: the engine cards show it before sign-in too.
import type { FastifyInstance } from 'fastify';
import { AI_ENGINES } from '#shared/constants';
import { enginesResponseSchema, type EngineRenderer } from '#shared/engines.schema';
import { aiModelLabel, OFFLINE_RENDERER_LABEL, providerLabel } from '#shared/render-credit';
import type { Db } from '#server/db/database';
import type { RenderProvider } from '#server/engines/engine';
import type { EngineRegistry } from '#server/engines/registry';
import { clockOf, type Clock } from '#server/infra/clock';
import { budgetState } from './ai-spend';

export type EnginesRouteDeps = { db: Db; registry: EngineRegistry; dailyBudgetUsd?: number; now?: Clock };

function rendererOf(provider: RenderProvider, registry: EngineRegistry): EngineRenderer {
  if (provider === registry.fallback) return { kind: 'offline', label: OFFLINE_RENDERER_LABEL };
  const model = provider.model.displayName;
  return { kind: 'ai', model, provider: providerLabel(provider.name), label: aiModelLabel({ provider: provider.name, modelName: model }) };
}

export async function enginesRoutes(app: FastifyInstance, deps: EnginesRouteDeps) {
  const now = clockOf(deps);
  app.get('/api/engines', { schema: { response: { 200: enginesResponseSchema } } }, async () => {
    const budget = await budgetState(deps.db, deps.dailyBudgetUsd, now());
    return {
      success: true as const,
      engines: AI_ENGINES.map((engine) => ({
        id: engine.id,
        name: engine.name,
        renderer: rendererOf(deps.registry.providerFor(engine.id), deps.registry),
      })),
      aiPaused: budget.reached,
    };
  });
}
