// The OpenAI render provider: a GPT Image edit of the homeowner's photo with high input fidelity, so the room
// stays recognisable; one synchronous call whose answer carries the image.
import sharp from 'sharp';
import { createPriceTable, findModel, MIN_LONG_SIDE_PX, type PriceTable } from '#server/engines/ai-models';
import type { EngineInput } from '#server/engines/engine';
import { createHttpClient, transportOptions, type ProviderTransportOptions } from '#server/engines/http/http-client';
import { readImageSource } from '#server/engines/http/image-source';
import { toOutputJpeg } from '#server/engines/http/output-image';
import { createPhaseReporter } from '#server/engines/http/phase-progress';
import { notConfigured, probeHealth, type RenderProviderWithHealth } from '#server/engines/http/provider-health';
import { isRetryableStatus } from '#server/engines/http/retry-policy';
import { costFromUsage, editPrompt, sizeForPhoto, type OpenAiImageQuality, type OpenAiImageSize } from './openai-request';
import { errorCode, imageResult } from './openai-response';

export const OPENAI_PROVIDER_NAME = 'openai';
const LABEL = 'OpenAI';

export type OpenAiProviderOptions = ProviderTransportOptions & {
  apiKey: string;
  /** https://api.openai.com unless pointed at a fake or a compatible gateway. */
  baseUrl?: string;
  model?: string;
  /** 'match-photo' (default) picks landscape, portrait or square from the photo. */
  size?: OpenAiImageSize | 'match-photo';
  /** Default 'high': the homeowner compares the result with their own room. */
  quality?: OpenAiImageQuality;
  inputFidelity?: 'high' | 'low';
  /** The edit instruction; defaults to one that insists on keeping the room's layout. */
  prompt?: (input: EngineInput) => string;
  organization?: string;
  project?: string;
  /** The edit call (default 180 s: high-quality edits take a minute or more). Never repeated after a timeout. */
  timeoutMs?: number;
  /** Used when an answer has no `usage` to price it by. */
  price?: PriceTable;
};

export function createOpenAiProvider(options: OpenAiProviderOptions): RenderProviderWithHealth {
  const baseUrl = (options.baseUrl ?? 'https://api.openai.com').replace(/\/+$/, '');
  const headers: Record<string, string> = { Authorization: `Bearer ${options.apiKey}` };
  if (options.organization) headers['OpenAI-Organization'] = options.organization;
  if (options.project) headers['OpenAI-Project'] = options.project;
  const modelName = options.model ?? 'gpt-image-1';
  const modelKey = `openai:${modelName}`;
  const http = createHttpClient({ ...transportOptions(options), provider: OPENAI_PROVIDER_NAME, label: LABEL, secrets: [options.apiKey] });

  async function render(input: EngineInput) {
    const report = createPhaseReporter(input.onProgress);
    report('analysis', 0);
    const { width = 1, height = 1 } = await sharp(input.image).metadata();
    const size = !options.size || options.size === 'match-photo' ? sizeForPhoto(width, height) : options.size;
    const form = new FormData();
    form.append('model', modelName);
    form.append('image', new Blob([new Uint8Array(input.image)], { type: 'image/jpeg' }), 'room.jpg');
    form.append('prompt', (options.prompt ?? editPrompt)(input));
    form.append('input_fidelity', options.inputFidelity ?? 'high');
    form.append('size', size);
    form.append('quality', options.quality ?? 'high');
    form.append('output_format', 'jpeg');
    form.append('n', '1');
    report('analysis', 1);
    // One synchronous call: the edit happens while we wait, with no progress to read.
    report('generation', 0);
    const response = await http.send({
      method: 'POST',
      url: `${baseUrl}/v1/images/edits`,
      headers,
      body: form,
      what: 'editing the image',
      startsPaidWork: true,
      // Closing the connection is the only way to stop a synchronous edit.
      signal: input.signal,
      timeoutMs: options.timeoutMs ?? 180_000,
      retryable: (answer) => isRetryableStatus(answer.status) && errorCode(answer) !== 'insufficient_quota',
    });
    const result = imageResult(http, response);
    report('enhancement', 0);
    const raw =
      'b64' in result
        ? Buffer.from(result.b64, 'base64')
        : await readImageSource(result.url, { http, what: 'the edited image', signal: input.signal });
    report('enhancement', 0.5);
    const jpeg = await toOutputJpeg(raw, http, { minLongSide: MIN_LONG_SIDE_PX });
    report('enhancement', 1);
    const costUsd = result.usage ? costFromUsage(result.usage) : (options.price ?? createPriceTable())(modelKey);
    return { image: jpeg, provider: OPENAI_PROVIDER_NAME, model: modelKey, costUsd };
  }

  async function checkHealth() {
    if (!options.apiKey) return notConfigured(LABEL, 'the API key');
    return probeHealth(http, { url: `${baseUrl}/v1/models`, headers, what: 'GET /v1/models' });
  }

  const model = { key: modelKey, displayName: findModel(modelKey)?.displayName ?? modelName };
  return { name: OPENAI_PROVIDER_NAME, model, render, checkHealth };
}
