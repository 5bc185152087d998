// The Replicate render provider: sends the homeowner's photo to a Replicate model, follows the prediction to its
// end, downloads the image at once and hands back a JPEG. A prediction it started is cancelled when it gives up.
import sharp from 'sharp';
import { createPriceTable, findModel, MIN_LONG_SIDE_PX, type PriceTable } from '#server/engines/ai-models';
import type { EngineInput, RemoteJob } from '#server/engines/engine';
import { createHttpClient, transportOptions, type ProviderTransportOptions } from '#server/engines/http/http-client';
import { readImageSource, toDataUri } from '#server/engines/http/image-source';
import { toOutputJpeg } from '#server/engines/http/output-image';
import { createPhaseReporter, type PhaseReporter } from '#server/engines/http/phase-progress';
import { abortReason, isProviderError } from '#server/engines/http/provider-error';
import { notConfigured, probeHealth, type RenderProviderWithHealth } from '#server/engines/http/provider-health';
import { createRenderScope } from '#server/engines/http/render-scope';
import { sleep as realSleep } from '#server/engines/http/sleep';
import { createReplicateApi, isTerminal, type Prediction, type ReplicateApi } from './replicate-api';
import { crispUpscaleInput, REPLICATE_INPUTS, REPLICATE_UPSCALER, type ReplicateInputBuilder } from './replicate-inputs';
import { modelSlug, type ReplicateModelRef } from './replicate-model';
import { outputSource, unsuccessfulPrediction } from './replicate-output';
import { progressFromLogs } from './replicate-progress';

export const REPLICATE_PROVIDER_NAME = 'replicate';
const LABEL = 'Replicate';

export type ReplicateWebhookEvent = 'start' | 'output' | 'logs' | 'completed';

export type ReplicateProviderOptions = ProviderTransportOptions & {
  apiToken: string;
  /** https://api.replicate.com unless pointed at a fake or a proxy. */
  baseUrl?: string;
  model: ReplicateModelRef;
  /** The model's input object; the supported models have one (replicate-inputs.ts). */
  input?: ReplicateInputBuilder;
  /** Estimated charges per model (default: the published prices). */
  price?: PriceTable;
  /** Runs a provider upscaler when the model's image is smaller than MIN_LONG_SIDE_PX (default true). */
  upscale?: boolean;
  /** Optional completion webhook; polling still drives the render. */
  webhook?: string;
  webhookEventsFilter?: ReplicateWebhookEvent[];
  /** Between status checks (default 1000 ms). */
  pollIntervalMs?: number;
  /** The whole render, upload to download (default 5 minutes); the prediction is cancelled when it runs out. */
  timeoutMs?: number;
  /** `Prefer: wait=n` on create, so quick models answer in one round trip (default 5; 0 turns it off). */
  preferWaitSeconds?: number;
};

/** Replicate recommends data URIs only for files under 1 MB; bigger photos go through its Files API. */
const MAX_DATA_URI_BYTES = 1_000_000;

export function createReplicateProvider(options: ReplicateProviderOptions): RenderProviderWithHealth {
  const baseUrl = (options.baseUrl ?? 'https://api.replicate.com').replace(/\/+$/, '');
  const slug = modelSlug(options.model);
  const chosenInput = options.input ?? (slug ? REPLICATE_INPUTS[slug] : undefined);
  if (!chosenInput) throw new Error(`Replicate model ${slug ?? 'version'} has no default input builder; pass \`input\``);
  const buildInput: ReplicateInputBuilder = chosenInput;
  const modelKey = `replicate:${slug ?? ('version' in options.model ? options.model.version : '')}`;
  const upscalerKey = `replicate:${REPLICATE_UPSCALER.owner}/${REPLICATE_UPSCALER.name}`;
  const price = options.price ?? createPriceTable();
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const wait = options.sleep ?? realSleep;
  const http = createHttpClient({
    ...transportOptions(options),
    provider: REPLICATE_PROVIDER_NAME,
    label: LABEL,
    secrets: [options.apiToken],
  });
  const api = createReplicateApi({
    http,
    baseUrl,
    apiToken: options.apiToken,
    model: options.model,
    preferWaitSeconds: options.preferWaitSeconds ?? 5,
    requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
  });
  const upscalerApi = createReplicateApi({
    http,
    baseUrl,
    apiToken: options.apiToken,
    model: REPLICATE_UPSCALER,
    preferWaitSeconds: options.preferWaitSeconds ?? 5,
    requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
  });

  function reportStatus(prediction: Prediction, report: PhaseReporter) {
    if (prediction.status === 'starting') return report('analysis', 0.8);
    if (prediction.status !== 'processing') return;
    const fraction = progressFromLogs(prediction.logs);
    // Before the sampler prints its bar the model is preparing its guidance (segmentation, depth, edges).
    if (fraction === undefined) report('architecture', 0.5);
    else report('generation', fraction);
  }

  async function followToEnd(
    first: Prediction,
    signal: AbortSignal,
    report: PhaseReporter | null,
    remote: RemoteJob | undefined,
    on: ReplicateApi = api,
  ): Promise<Prediction> {
    let prediction = first;
    while (!isTerminal(prediction.status)) {
      if (report) reportStatus(prediction, report);
      await pause(signal, remote);
      prediction = await on.get(prediction.id, signal);
    }
    return prediction;
  }

  /** Waits one poll interval, or less when a webhook says the prediction changed (polling stays the fallback). */
  async function pause(signal: AbortSignal, remote: RemoteJob | undefined) {
    if (!remote?.onUpdate) return wait(pollIntervalMs, signal);
    const nudged = new AbortController();
    const stopListening = remote.onUpdate(() => nudged.abort());
    try {
      await wait(pollIntervalMs, AbortSignal.any([signal, nudged.signal]));
    } catch (error) {
      if (signal.aborted || !nudged.signal.aborted) throw error;
    } finally {
      stopListening();
    }
  }

  /** A retried job resumes the prediction its earlier attempt started: one render, one paid prediction. */
  async function submitOrResume(input: EngineInput, signal: AbortSignal): Promise<Prediction> {
    const { remote } = input;
    if (remote?.id) return api.get(remote.id, signal);
    const photo = await photoReference(input.image, signal);
    try {
      const body: Record<string, unknown> = { input: buildInput(input, photo.reference) };
      if (options.webhook) body.webhook = options.webhook;
      if (options.webhook && options.webhookEventsFilter) body.webhook_events_filter = options.webhookEventsFilter;
      const created = await api.create(body, signal);
      try {
        await remote?.remember(created.id);
      } catch (error) {
        await api.cancel(created.id);
        throw error;
      }
      return created;
    } finally {
      // Replicate fetches an input when the prediction is created; the uploaded copy of the photo is not needed after.
      if (photo.fileId) void api.deleteFile(photo.fileId);
    }
  }

  /** The photo as the model is sent it: a data URI under 1 MB, else a file uploaded through the Files API. */
  async function photoReference(image: Buffer, signal: AbortSignal): Promise<{ reference: string; fileId?: string }> {
    if (image.length <= MAX_DATA_URI_BYTES) return { reference: toDataUri(image, 'image/jpeg') };
    const file = await api.uploadFile(image, 'image/jpeg', signal);
    return { reference: file.url, fileId: file.id };
  }

  /**
   * The product shows results at least MIN_LONG_SIDE_PX on their long side; a smaller model output goes
   * through Replicate's upscaler (one more small charge). If that fails, the image is enlarged here instead.
   */
  async function upscaledIfSmall(raw: Buffer, source: string, signal: AbortSignal): Promise<{ image: Buffer; upscaled: boolean }> {
    if (options.upscale === false) return { image: raw, upscaled: false };
    const { width = 0, height = 0 } = await sharp(raw)
      .metadata()
      .catch(() => ({ width: 0, height: 0 }));
    if (Math.max(width, height) === 0 || Math.max(width, height) >= MIN_LONG_SIDE_PX) return { image: raw, upscaled: false };
    const reference = source.startsWith('data:') ? source : /^https?:/i.test(source) ? source : toDataUri(raw, 'image/jpeg');
    let prediction: Prediction | undefined;
    try {
      prediction = await upscalerApi.create({ input: crispUpscaleInput(reference) }, signal);
      const finished = await followToEnd(prediction, signal, null, undefined, upscalerApi);
      if (finished.status !== 'succeeded') throw unsuccessfulPrediction(finished, http);
      const image = await readImageSource(outputSource(finished, http), { http, what: 'the upscaled image', signal });
      return { image, upscaled: true };
    } catch (error) {
      if (signal.aborted) {
        if (prediction) await upscalerApi.cancel(prediction.id);
        throw error;
      }
      return { image: raw, upscaled: false };
    }
  }

  async function render(input: EngineInput) {
    const scope = createRenderScope({ provider: REPLICATE_PROVIDER_NAME, label: LABEL, timeoutMs, signal: input.signal });
    const report = createPhaseReporter(input.onProgress);
    try {
      report('analysis', 0);
      const created = await submitOrResume(input, scope.signal);
      report('analysis', 0.5);
      let finished: Prediction;
      try {
        if (scope.signal.aborted) throw abortReason(scope.signal);
        finished = await followToEnd(created, scope.signal, report, input.remote);
      } catch (error) {
        // A transient hiccup while following a remembered prediction is left running: the retried job resumes it.
        const resumable = input.remote && !scope.signal.aborted && isProviderError(error) && error.transient;
        // Otherwise we are walking away from paid work: stop it rather than pay for an unseen result.
        if (!resumable) await api.cancel(created.id);
        throw error;
      }
      if (finished.status !== 'succeeded') throw unsuccessfulPrediction(finished, http);
      report('enhancement', 0);
      const source = outputSource(finished, http);
      const raw = await readImageSource(source, { http, what: 'the prediction output', signal: scope.signal });
      report('enhancement', 0.3);
      const { image, upscaled } = await upscaledIfSmall(raw, source, scope.signal);
      report('enhancement', 0.8);
      const jpeg = await toOutputJpeg(image, http, { minLongSide: MIN_LONG_SIDE_PX });
      report('enhancement', 1);
      const costUsd = price(modelKey) + (upscaled ? price(upscalerKey) : 0);
      return { image: jpeg, provider: REPLICATE_PROVIDER_NAME, model: modelKey, costUsd };
    } finally {
      scope.dispose();
    }
  }

  async function checkHealth() {
    if (!options.apiToken) return notConfigured(LABEL, 'the API token');
    const headers = { Authorization: `Bearer ${options.apiToken}` };
    if ('owner' in options.model) {
      return probeHealth(http, {
        url: `${baseUrl}/v1/models/${encodeURIComponent(options.model.owner)}/${encodeURIComponent(options.model.name)}`,
        headers,
        what: `GET /v1/models/${slug}`,
      });
    }
    return probeHealth(http, { url: `${baseUrl}/v1/account`, headers, what: 'GET /v1/account' });
  }

  const model = { key: modelKey, displayName: findModel(modelKey)?.displayName ?? slug ?? 'a pinned Replicate model' };
  return { name: REPLICATE_PROVIDER_NAME, model, render, checkHealth };
}
