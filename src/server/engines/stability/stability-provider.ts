// The Stability AI render provider: Stable Image Control "structure" keeps the room's layout from the photo and
// restyles it from the prompt, in one synchronous call; the image comes back in the answer.
import { createPriceTable, findModel, MIN_LONG_SIDE_PX, type PriceTable } from '#server/engines/ai-models';
import type { EngineInput } from '#server/engines/engine';
import { createHttpClient, transportOptions, type ProviderTransportOptions } from '#server/engines/http/http-client';
import { toOutputJpeg } from '#server/engines/http/output-image';
import { createPhaseReporter } from '#server/engines/http/phase-progress';
import { DEFAULT_NEGATIVE_PROMPT, tagPromptFor } from '#server/engines/prompts/tag-prompt';
import { notConfigured, probeHealth, type RenderProviderWithHealth } from '#server/engines/http/provider-health';
import { imageFromResponse } from './stability-response';

export const STABILITY_PROVIDER_NAME = 'stability';
const LABEL = 'Stability AI';

export type StabilityProviderOptions = ProviderTransportOptions & {
  apiKey: string;
  /** https://api.stability.ai unless pointed at a fake or a proxy. */
  baseUrl?: string;
  /** How closely the result follows the photo's structure, 0 to 1 (default 0.7). */
  controlStrength?: number;
  negativePrompt?: string;
  /** `image` asks for the image bytes (smaller); `json` for base64 in JSON. Both are understood either way. */
  accept?: 'image' | 'json';
  /** Sent as Stability-Client-ID, which Stability asks integrations to set. */
  clientId?: string;
  /** The generation call (default 120 s). It is never repeated after a timeout: it may have been charged. */
  timeoutMs?: number;
  price?: PriceTable;
};

const MODEL_KEY = 'stability:control-structure';

export function createStabilityProvider(options: StabilityProviderOptions): RenderProviderWithHealth {
  const baseUrl = (options.baseUrl ?? 'https://api.stability.ai').replace(/\/+$/, '');
  const auth: Record<string, string> = { Authorization: `Bearer ${options.apiKey}` };
  if (options.clientId) auth['Stability-Client-ID'] = options.clientId;
  const http = createHttpClient({
    ...transportOptions(options),
    provider: STABILITY_PROVIDER_NAME,
    label: LABEL,
    secrets: [options.apiKey],
  });

  async function render(input: EngineInput) {
    const report = createPhaseReporter(input.onProgress);
    report('analysis', 0);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(input.image)], { type: 'image/jpeg' }), 'room.jpg');
    form.append('prompt', tagPromptFor(input));
    form.append('negative_prompt', options.negativePrompt ?? DEFAULT_NEGATIVE_PROMPT);
    form.append('control_strength', String(options.controlStrength ?? 0.7));
    form.append('seed', String(input.seed));
    form.append('output_format', 'jpeg');
    report('analysis', 1);
    // One synchronous call: the whole generation happens while we wait, with no progress to read.
    report('generation', 0);
    const response = await http.send({
      method: 'POST',
      url: `${baseUrl}/v2beta/stable-image/control/structure`,
      headers: { ...auth, Accept: options.accept === 'json' ? 'application/json' : 'image/*' },
      body: form,
      what: 'generating the image',
      startsPaidWork: true,
      // Closing the connection is the only way to stop a synchronous generation.
      signal: input.signal,
      timeoutMs: options.timeoutMs ?? 120_000,
    });
    const raw = imageFromResponse(http, response);
    report('enhancement', 0.5);
    const jpeg = await toOutputJpeg(raw, http, { minLongSide: MIN_LONG_SIDE_PX });
    report('enhancement', 1);
    return { image: jpeg, provider: STABILITY_PROVIDER_NAME, model: MODEL_KEY, costUsd: (options.price ?? createPriceTable())(MODEL_KEY) };
  }

  async function checkHealth() {
    if (!options.apiKey) return notConfigured(LABEL, 'the API key');
    return probeHealth(http, { url: `${baseUrl}/v1/user/account`, headers: auth, what: 'GET /v1/user/account' });
  }

  const model = { key: MODEL_KEY, displayName: findModel(MODEL_KEY)!.displayName };
  return { name: STABILITY_PROVIDER_NAME, model, render, checkHealth };
}
