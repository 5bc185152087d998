// The ComfyUI render provider, for a self-hosted ComfyUI: uploads the photo, queues a depth-ControlNet workflow
// filled from a template file, follows the run, downloads the image at once and hands back a JPEG.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createPriceTable, findModel, MIN_LONG_SIDE_PX, type PriceTable } from '#server/engines/ai-models';
import type { EngineInput } from '#server/engines/engine';
import { createHttpClient, transportOptions, type ProviderTransportOptions } from '#server/engines/http/http-client';
import { toOutputJpeg } from '#server/engines/http/output-image';
import { createPhaseReporter } from '#server/engines/http/phase-progress';
import { DEFAULT_NEGATIVE_PROMPT, tagPromptFor } from '#server/engines/prompts/tag-prompt';
import { abortReason } from '#server/engines/http/provider-error';
import { notConfigured, probeHealth, type RenderProviderWithHealth } from '#server/engines/http/provider-health';
import { createRenderScope } from '#server/engines/http/render-scope';
import { sleep as realSleep } from '#server/engines/http/sleep';
import { createComfyApi } from './comfyui-api';
import { followRun, resultImage, RunEndedError, type RunNodes } from './comfyui-run';
import { connectComfySocket } from './comfyui-socket';
import {
  checkWorkflow,
  fillWorkflow,
  findNodes,
  isOutputNode,
  isSamplerNode,
  isStructureNode,
  loadWorkflowTemplate,
  sdxlSize,
  type Workflow,
} from './workflow-template';

export const COMFYUI_PROVIDER_NAME = 'comfyui';
/** The shipped workflow's model; a self-hosted GPU has no per-image charge. */
const MODEL_KEY = 'comfyui:depth-controlnet-sdxl';
const LABEL = 'ComfyUI';

export type ComfyUiProviderOptions = ProviderTransportOptions & {
  /** Where ComfyUI listens, e.g. http://gpu-box:8188. */
  baseUrl: string;
  /** Sent as a bearer token, for ComfyUI behind an authenticating proxy; plain ComfyUI has no auth. */
  apiKey?: string;
  /** The API-format workflow template, as an object or a JSON file path; defaults to the shipped SDXL depth workflow. */
  workflow?: Workflow | string;
  negativePrompt?: string;
  price?: PriceTable;
  /** Between history checks when the websocket is down (default 1000 ms). */
  pollIntervalMs?: number;
  /** The whole render (default 10 minutes: a self-hosted GPU may have a queue); the run is cancelled when it ends. */
  timeoutMs?: number;
  /** How long to try opening the websocket before relying on polling alone (default 5 s). */
  socketTimeoutMs?: number;
};

export function createComfyUiProvider(options: ComfyUiProviderOptions): RenderProviderWithHealth {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {};
  const http = createHttpClient({ ...transportOptions(options), provider: COMFYUI_PROVIDER_NAME, label: LABEL, secrets: [options.apiKey] });
  const api = createComfyApi({ http, baseUrl, headers });
  const wait = options.sleep ?? realSleep;
  // A template given as an object is checked now, so a bad one fails at start-up rather than on a homeowner's render.
  let template: Promise<Workflow> | null = typeof options.workflow === 'object' ? Promise.resolve(checkWorkflow(options.workflow)) : null;
  const loadTemplate = () => {
    template ??= loadWorkflowTemplate(typeof options.workflow === 'string' ? options.workflow : undefined);
    // A broken template file is a configuration error; try reading it again next time rather than caching the failure.
    template.catch(() => (template = null));
    return template;
  };

  async function render(input: EngineInput) {
    const scope = createRenderScope({
      provider: COMFYUI_PROVIDER_NAME,
      label: LABEL,
      timeoutMs: options.timeoutMs ?? 600_000,
      signal: input.signal,
    });
    const report = createPhaseReporter(input.onProgress);
    const clientId = randomUUID();
    let socket: Awaited<ReturnType<typeof connectComfySocket>> = null;
    try {
      report('analysis', 0);
      const workflowTemplate = await loadTemplate();
      const { width = 1024, height = 1024 } = await sharp(input.image).metadata();
      const uploaded = await api.upload(input.image, `metrowest-${clientId}.jpg`, scope.signal);
      report('analysis', 0.4);
      const size = sdxlSize(width, height);
      const workflow = fillWorkflow(workflowTemplate, {
        image: uploaded,
        prompt: tagPromptFor(input),
        negative_prompt: options.negativePrompt ?? DEFAULT_NEGATIVE_PROMPT,
        seed: input.seed,
        width: size.width,
        height: size.height,
      });
      const nodes: RunNodes = {
        structure: findNodes(workflow, isStructureNode),
        samplers: findNodes(workflow, isSamplerNode),
        outputs: findNodes(workflow, isOutputNode),
      };
      // Listen before queueing, so not one message of the run is missed.
      socket = await connectComfySocket(socketUrl(baseUrl, clientId), { headers, timeoutMs: options.socketTimeoutMs ?? 5_000 });
      const promptId = await api.queue(workflow, clientId, scope.signal);
      report('analysis', 0.7);
      let entry;
      try {
        if (scope.signal.aborted) throw abortReason(scope.signal);
        entry = await followRun({
          api,
          http,
          promptId,
          socket,
          nodes,
          signal: scope.signal,
          report,
          pollIntervalMs: options.pollIntervalMs ?? 1_000,
          sleep: wait,
        });
      } catch (error) {
        // Walking away from a queued or running prompt: free the GPU for the next homeowner.
        if (!(error instanceof RunEndedError)) await api.cancel(promptId);
        throw error;
      }
      report('enhancement', 0);
      const raw = await api.view(resultImage(http, entry, nodes.outputs), scope.signal);
      report('enhancement', 0.5);
      const jpeg = await toOutputJpeg(raw, http, { minLongSide: MIN_LONG_SIDE_PX });
      report('enhancement', 1);
      return { image: jpeg, provider: COMFYUI_PROVIDER_NAME, model: MODEL_KEY, costUsd: (options.price ?? createPriceTable())(MODEL_KEY) };
    } finally {
      socket?.close();
      scope.dispose();
    }
  }

  async function checkHealth() {
    if (!options.baseUrl) return notConfigured(LABEL, 'the server URL');
    return probeHealth(http, { url: `${baseUrl}/system_stats`, headers, what: 'GET /system_stats' });
  }

  const model = { key: MODEL_KEY, displayName: findModel(MODEL_KEY)!.displayName };
  return { name: COMFYUI_PROVIDER_NAME, model, render, checkHealth };
}

function socketUrl(baseUrl: string, clientId: string): string {
  const url = new URL(`${baseUrl}/ws`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('clientId', clientId);
  return url.toString();
}
