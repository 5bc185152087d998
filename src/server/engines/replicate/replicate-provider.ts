// The Replicate render provider: sends the homeowner's photo to a Replicate model, follows the prediction to its
// end, downloads the image at once and hands back a JPEG. A prediction it started is cancelled when it gives up.
import sharp from 'sharp';
import type { EngineInput, RemoteJob } from '#server/engines/engine';
import { createHttpClient, transportOptions, type ProviderTransportOptions } from '#server/engines/http/http-client';
import { readImageSource, toDataUri } from '#server/engines/http/image-source';
import { toOutputJpeg } from '#server/engines/http/output-image';
import { createPhaseReporter, type PhaseReporter } from '#server/engines/http/phase-progress';
import { abortReason, isProviderError } from '#server/engines/http/provider-error';
import { notConfigured, probeHealth, type RenderProviderWithHealth } from '#server/engines/http/provider-health';
import { createRenderScope } from '#server/engines/http/render-scope';
import { sleep as realSleep } from '#server/engines/http/sleep';
import { createReplicateApi, isTerminal, type Prediction } from './replicate-api';
import { DEFAULT_REPLICATE_INPUTS, type ReplicateInputBuilder } from './replicate-inputs';
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
  /** The model's input object; defaults exist for adirik/interior-design and black-forest-labs/flux-depth-pro. */
  input?: ReplicateInputBuilder;
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

/** Data URIs are for small files (Replicate recommends under 1 MB); bigger photos are sent smaller. */
const MAX_DATA_URI_BYTES = 700_000;

export function createReplicateProvider(options: ReplicateProviderOptions): RenderProviderWithHealth {
  const baseUrl = (options.baseUrl ?? 'https://api.replicate.com').replace(/\/+$/, '');
  const slug = modelSlug(options.model);
  const chosenInput = options.input ?? (slug ? DEFAULT_REPLICATE_INPUTS[slug] : undefined);
  if (!chosenInput) throw new Error(`Replicate model ${slug ?? 'version'} has no default input builder; pass \`input\``);
  const buildInput: ReplicateInputBuilder = chosenInput;
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
    report: PhaseReporter,
    remote: RemoteJob | undefined,
  ): Promise<Prediction> {
    let prediction = first;
    while (!isTerminal(prediction.status)) {
      reportStatus(prediction, report);
      await pause(signal, remote);
      prediction = await api.get(prediction.id, signal);
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
  async function submitOrResume(body: Record<string, unknown>, signal: AbortSignal, remote: RemoteJob | undefined): Promise<Prediction> {
    if (remote?.id) return api.get(remote.id, signal);
    const created = await api.create(body, signal);
    try {
      await remote?.remember(created.id);
    } catch (error) {
      await api.cancel(created.id);
      throw error;
    }
    return created;
  }

  async function render(input: EngineInput) {
    const scope = createRenderScope({ provider: REPLICATE_PROVIDER_NAME, label: LABEL, timeoutMs, signal: input.signal });
    const report = createPhaseReporter(input.onProgress);
    try {
      report('analysis', 0);
      const image = await imageForDataUri(input.image);
      const body: Record<string, unknown> = { input: buildInput(input, toDataUri(image, 'image/jpeg')) };
      if (options.webhook) body.webhook = options.webhook;
      if (options.webhook && options.webhookEventsFilter) body.webhook_events_filter = options.webhookEventsFilter;
      report('analysis', 0.5);
      const created = await submitOrResume(body, scope.signal, input.remote);
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
      const raw = await readImageSource(outputSource(finished, http), { http, what: 'the prediction output', signal: scope.signal });
      report('enhancement', 0.5);
      const jpeg = await toOutputJpeg(raw, http);
      report('enhancement', 1);
      return { image: jpeg, provider: REPLICATE_PROVIDER_NAME };
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

  return { name: REPLICATE_PROVIDER_NAME, render, checkHealth };
}

async function imageForDataUri(image: Buffer): Promise<Buffer> {
  if (image.length <= MAX_DATA_URI_BYTES) return image;
  for (const side of [1280, 1024, 768]) {
    const smaller = await sharp(image)
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
    if (smaller.length <= MAX_DATA_URI_BYTES) return smaller;
  }
  return sharp(image).resize({ width: 768, height: 768, fit: 'inside' }).jpeg({ quality: 70 }).toBuffer();
}
