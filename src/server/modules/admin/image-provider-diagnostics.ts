// GET /api/debug-replicate (seed 001 §7), answered from real calls: whether Replicate accepts the token, whether
// each model the engines are bound to (and the upscaler) is available, Stability AI's engine list when a key is
// set, and a recommendation drawn from those results. Nothing here contains a secret.
import { AI_ENGINES } from '#shared/constants';
import type { Config } from '#server/config';
import { findModel } from '#server/engines/ai-models';
import { checkReplicate, type ReplicateCheck } from '#server/engines/replicate/replicate-diagnostics';
import { REPLICATE_UPSCALER } from '#server/engines/replicate/replicate-inputs';
import { listStabilityEngines } from '#server/engines/stability/stability-engines';
import { ADMIN_MESSAGES } from '#shared/messages';
import type { DebugImageProviders, ModelTest } from '#shared/back-office.schema';

type Sources = Pick<Config, 'engines' | 'providers'>;

const UPSCALER = `${REPLICATE_UPSCALER.owner}/${REPLICATE_UPSCALER.name}`;

/** The Replicate models in use: each engine's binding, and the upscaler that follows small results. */
function replicateModels(engines: Config['engines']): { model: string; engines: string[] }[] {
  const byModel = new Map<string, string[]>();
  for (const engine of AI_ENGINES) {
    const [kind, ...rest] = engines[engine.id].split(':');
    if (kind.toLowerCase() !== 'replicate') continue;
    const model = rest.join(':');
    byModel.set(model, [...(byModel.get(model) ?? []), engine.name]);
  }
  if (byModel.size > 0) byModel.set(UPSCALER, ['Upscaler for results under 1536 px']);
  return [...byModel].map(([model, users]) => ({ model, engines: users }));
}

export async function diagnoseImageProviders({ engines, providers }: Sources): Promise<DebugImageProviders> {
  const models = replicateModels(engines);
  const replicate = providers.replicate
    ? await checkReplicate({
        apiToken: providers.replicate.apiToken,
        baseUrl: providers.replicate.baseUrl,
        models: models.map((m) => m.model),
      })
    : null;
  const stability = providers.stability
    ? await listStabilityEngines({ apiKey: providers.stability.apiKey, baseUrl: providers.stability.baseUrl })
    : null;

  const modelTests: ModelTest[] = models.map(({ model, engines: users }) => {
    const check = replicate?.models.find((result) => result.model === model);
    return {
      model,
      name: findModel(`replicate:${model.split(':')[0]}`)?.displayName ?? model,
      usedBy: users,
      working: Boolean(replicate?.tokenAccepted && check?.available),
      detail: !replicate ? 'REPLICATE_API_TOKEN is not set.' : (check?.detail ?? 'Not checked.'),
    };
  });
  const workingModels = modelTests.filter((test) => test.working).map((test) => test.model);
  const stabilityAiModels = stability?.ok ? stability.ids : [];

  return {
    success: true as const,
    message: summary(replicate, modelTests, stability, engines),
    workingModels,
    modelTests,
    stabilityAiModels,
    recommendation: recommendation(replicate, modelTests, engines, providers),
  };
}

function summary(
  replicate: ReplicateCheck | null,
  tests: ModelTest[],
  stability: Awaited<ReturnType<typeof listStabilityEngines>> | null,
  engines: Config['engines'],
): string {
  const parts: string[] = [];
  if (replicate) {
    parts.push(replicate.tokenDetail);
    if (tests.length > 0) parts.push(`${tests.filter((test) => test.working).length} of ${tests.length} Replicate models are available.`);
  }
  if (stability) parts.push(stability.ok ? `Stability AI lists ${stability.ids.length} engines.` : `Stability AI: ${stability.detail}`);
  const bound = AI_ENGINES.map((engine) => `${engine.name}: ${engines[engine.id]}`).join('; ');
  if (parts.length === 0 && AI_ENGINES.every((engine) => engines[engine.id] === 'offline')) return ADMIN_MESSAGES.noImageProvider;
  return [...parts, `Bindings: ${bound}.`].join(' ');
}

function recommendation(
  replicate: ReplicateCheck | null,
  tests: ModelTest[],
  engines: Config['engines'],
  providers: Config['providers'],
): string {
  if (replicate && !replicate.tokenAccepted)
    return 'Replicate does not accept REPLICATE_API_TOKEN: create a new token at replicate.com/account/api-tokens and restart. Until then renders fall back to the offline preview.';
  const broken = tests.filter((test) => !test.working);
  if (replicate && broken.length > 0)
    return `Not available: ${broken.map((test) => `${test.model} (${test.usedBy.join(', ')})`).join('; ')}. Check the ENGINE_* binding's spelling and version, or remove it to use the recommended model. Renders with a missing model fall back to the offline preview.`;
  const offline = AI_ENGINES.filter((engine) => engines[engine.id] === 'offline');
  if (offline.length === AI_ENGINES.length && !providers.openai && !providers.comfyui && !providers.stability)
    return 'Set REPLICATE_API_TOKEN (or OPENAI_API_KEY) to render with AI: both engines then use the recommended models (docs/ai-providers.md). Until then the offline preview renders every design, labelled as a preview.';
  if (offline.length > 0)
    return `${offline.map((engine) => engine.name).join(' and ')} still render${offline.length === 1 ? 's' : ''} with the offline preview: remove its ENGINE_* variable to use the recommended model.`;
  return 'Every engine renders with AI and every model answered. Watch spend and failures on the System status tab.';
}
