// The render job: the homeowner's photo goes through the engine bound to their chosen engine; the
// result and a server-blurred preview are stored; progress is published as it happens. When an AI
// provider fails, the offline preview stands in (marked as such) so the homeowner still gets a result;
// once today's estimated AI spend reaches the daily budget, the offline preview renders instead, marked too.
import sharp from 'sharp';
import type { AiEngineId, RoomType, StyleId } from '#shared/constants';
import type { RenderPhaseName } from '#shared/render.schema';
import type { Db } from '#server/db/database';
import type { FallbackReason } from '#server/db/schema';
import type { EngineOutput, RenderProgress } from '#server/engines/engine';
import type { EngineRegistry } from '#server/engines/registry';
import { isProviderError } from '#server/engines/http/provider-error';
import type { JobContext, JobHandler, JobName, JobPayloads } from '#server/infra/queue/job-queue';
import type { Storage } from '#server/infra/storage/storage';
import type { DomainEvents } from '#server/infra/domain-events';
import type { RenderEvents } from './render-events';
import { percentFor } from './render-state';
import { clockOf, type Clock } from '#server/infra/clock';
import { countAiRendering } from '#server/modules/auth/users.repository';
import { insertUserEvents } from '#server/modules/analytics/analytics.repository';
import { findUpload } from '#server/modules/uploads/uploads.repository';
import { findRender, startRender, updateRender } from './renders.repository';
import { spentToday } from './ai-spend';
import type { Log } from '#server/infra/log';

export const RENDER_QUEUE = 'render' satisfies JobName;
export const CANCELLED = 'Cancelled by the homeowner.';
export const BUDGET_REACHED = 'The daily AI budget is reached: the offline preview rendered this design instead.';
export type RenderJobPayload = JobPayloads['render'];

/** The blurred preview: small and unrecoverable, so the full image is only reachable after the email step. */
export async function blurredPreview(image: Buffer): Promise<Buffer> {
  return sharp(image).resize({ width: 640, height: 640, fit: 'inside' }).blur(14).jpeg({ quality: 70 }).toBuffer();
}

export function createRenderJobHandler(deps: {
  db: Db;
  storage: Storage;
  registry: EngineRegistry;
  events: RenderEvents;
  now?: Clock;
  log?: Pick<Log, 'error'>;
  /** lead.engaged when a render finishes (a render is engagement in the lead scores). */
  domainEvents: DomainEvents;
  /** AI_DAILY_BUDGET_USD: undefined means no cap. */
  dailyBudgetUsd?: number;
}): JobHandler<'render'> {
  const { db, storage, registry, events } = deps;
  const now = clockOf(deps);

  async function trackAiRender(
    trx: Db,
    render: { user_id: string | null; room_type: string; style_name: string | null },
    success: boolean,
    processingTimeMs: number,
  ) {
    if (!render.user_id) return;
    const timestamp = now().toISOString();
    await insertUserEvents(trx, render.user_id, [
      {
        type: 'ai_render',
        timestamp,
        metadata: { room_type: render.room_type, style: render.style_name, processing_time_ms: processingTimeMs, success, timestamp },
      },
    ]);
  }

  async function run({ renderId }: RenderJobPayload, context: JobContext) {
    const render = await findRender(db, renderId);
    if (!render || (render.status !== 'queued' && render.status !== 'running')) return;
    const upload = await findUpload(db, render.upload_id);
    if (!upload) throw new Error(`The upload of render ${renderId} is gone.`);
    const startedAt = now();
    const provider = registry.providerFor(render.engine as AiEngineId);
    const started = await startRender(db, renderId, {
      bound_provider: provider.name,
      status: 'running',
      started_at: startedAt.toISOString(),
      progress: 0,
      phase: 'analysis',
      error: null,
      updated_at: startedAt.toISOString(),
    });
    // Stopped by the homeowner between the queue handing out the job and this line: nothing to run.
    if (!started) return;
    events.publish(renderId);

    // Progress is written when the phase changes or moves by 5 points, so streams on any instance can follow.
    let saved = { phase: 'analysis' as RenderPhaseName, percent: 0 };
    let writing = Promise.resolve();
    let progressEnded = false;
    const onProgress = ({ fraction, phase }: RenderProgress) => {
      if (progressEnded) return;
      const percent = percentFor(phase, fraction);
      if (phase === saved.phase && percent - saved.percent < 5) return;
      saved = { phase, percent };
      writing = writing
        .then(() => updateRender(db, renderId, { phase, progress: percent, updated_at: now().toISOString() }))
        .then(() => events.publish(renderId));
    };
    // The offline engine's progress crosses from its thread on a channel of its own and can trail its result: once
    // the engine has answered, late progress is dropped rather than written over the finished row. Resolves once the
    // progress already taken is written.
    const stopProgress = () => {
      progressEnded = true;
      return writing;
    };

    // A refinement edits the result it refines; every other render starts from the homeowner's photo.
    const image = await storage.get(await sourceImageKey(render, upload.storage_key));
    const cancellation = events.track(renderId);
    const input = {
      image,
      roomType: render.room_type as RoomType,
      styleId: render.style_id as StyleId | null,
      customPrompt: render.custom_prompt,
      prompt: render.prompt ?? '',
      seed: render.seed,
      refinement: render.refinement ?? undefined,
      onProgress,
      signal: cancellation.signal,
      // Cost safety: the remote job's id is saved before the provider waits on it, so a retry resumes it.
      remote: {
        id: render.provider_job_id,
        remember: async (remoteId: string) => {
          await updateRender(db, renderId, { provider_job_id: remoteId });
        },
        onUpdate: (listener: () => void) => events.onRemoteUpdate(renderId, listener),
      },
    };
    let output: EngineOutput;
    let fallback: FallbackReason | null = null;
    // The spend guard: past today's budget, a new AI render becomes an offline preview, marked as such. A render
    // whose remote job was already submitted is finished regardless: it is paid for.
    if (provider !== registry.fallback && !render.provider_job_id && (await overBudget())) {
      fallback = 'daily-budget';
      output = await registry.fallback.render(input);
      await updateRender(db, renderId, { error: BUDGET_REACHED });
    } else {
      try {
        output = await provider.render(input);
      } catch (error) {
        // A cancelled render stops here: no stand-in preview, no retry.
        if (cancellation.signal.aborted) {
          cancellation.done();
          await stopProgress();
          await markCancelled(renderId);
          return;
        }
        if (provider === registry.fallback) {
          cancellation.done();
          throw error;
        }
        // Rate limits, outages and timeouts may pass: the queue retries the job after a backoff while attempts
        // remain. Refusals (422, content filtered, a failed prediction) would fail again: no retry for them.
        if (isProviderError(error) && error.transient && context.attempt < context.maxAttempts) {
          cancellation.done();
          await stopProgress();
          await updateRender(db, renderId, { error: error.message, updated_at: now().toISOString() });
          throw error;
        }
        // Otherwise the seed's rule: the flow completes with a stand-in image, marked, and the provider's message kept.
        fallback = 'ai-unavailable';
        output = await registry.fallback.render({ ...input, signal: undefined });
        await updateRender(db, renderId, { error: error instanceof Error ? error.message : String(error) });
      }
    }
    cancellation.done();
    await stopProgress();
    // Stopped as a provider that ignores the signal finished (or the stand-in preview, which runs without it):
    // the homeowner asked for it to stop, so the result is dropped.
    if (cancellation.signal.aborted) {
      await markCancelled(renderId);
      return;
    }

    const resultKey = `renders/${renderId}/result.jpg`;
    const previewKey = `renders/${renderId}/preview.jpg`;
    await Promise.all([
      storage.put(resultKey, output.image),
      blurredPreview(output.image).then((preview) => storage.put(previewKey, preview)),
    ]);

    const finishedAt = now();
    const processingTimeMs = finishedAt.getTime() - startedAt.getTime();
    await db.transaction().execute(async (trx) => {
      await updateRender(trx, renderId, {
        status: 'succeeded',
        progress: 100,
        phase: 'enhancement',
        result_key: resultKey,
        preview_key: previewKey,
        provider: output.provider,
        model: output.model,
        cost_usd: output.costUsd,
        note: output.note ?? null,
        fallback: fallback !== null,
        fallback_reason: fallback,
        processing_time_ms: processingTimeMs,
        // A result added to a design the email step already released is released too.
        released_at: render.released_at ?? (await designReleasedAt(trx, render)),
        completed_at: finishedAt.toISOString(),
        updated_at: finishedAt.toISOString(),
      });
      // A new variation or change is what the homeowner asked to see: it becomes the design's picked result.
      if (render.design_id && render.design_id !== render.id)
        await trx.updateTable('renders').set({ picked_render_id: renderId }).where('id', '=', render.design_id).execute();
      // A stand-in preview is not a successful AI render: tracked as failed, not counted.
      if (!fallback && render.user_id) await countAiRendering(trx, render.user_id);
      await trackAiRender(trx, render, !fallback, processingTimeMs);
    });
    events.publish(renderId);
    // A finished render is engagement: the homeowner's leads (if any yet) are rescored.
    if (render.user_id) await deps.domainEvents.emit('lead.engaged', { target: { userId: render.user_id }, at: finishedAt });
  }

  async function markCancelled(renderId: string) {
    await updateRender(db, renderId, { status: 'failed', error: CANCELLED, updated_at: now().toISOString() });
    events.publish(renderId);
  }

  async function onGiveUp({ renderId }: RenderJobPayload, error: string) {
    const render = await findRender(db, renderId);
    if (!render) return;
    await db.transaction().execute(async (trx) => {
      await updateRender(trx, renderId, { status: 'failed', error, updated_at: now().toISOString() });
      await trackAiRender(trx, render, false, render.started_at ? now().getTime() - Date.parse(render.started_at) : 0);
    });
    events.publish(renderId);
  }

  async function designReleasedAt(trx: Db, render: { id: string; design_id: string | null }): Promise<string | null> {
    if (!render.design_id || render.design_id === render.id) return null;
    const first = await findRender(trx, render.design_id);
    return first?.released_at ? now().toISOString() : null;
  }

  async function sourceImageKey(render: { kind: string; source_render_id: string | null }, photoKey: string): Promise<string> {
    if (render.kind !== 'refinement' || !render.source_render_id) return photoKey;
    const source = await findRender(db, render.source_render_id);
    if (!source?.result_key) throw new Error(`The result refinement ${render.source_render_id} edits is gone.`);
    return source.result_key;
  }

  /** Whether today's estimated spend has reached the budget (a render already submitted is finished regardless). */
  async function overBudget(): Promise<boolean> {
    if (deps.dailyBudgetUsd === undefined) return false;
    return (await spentToday(db, now())) >= deps.dailyBudgetUsd;
  }

  return { run, onGiveUp };
}
