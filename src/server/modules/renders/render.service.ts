// Starting a render: checks the upload belongs to the homeowner, builds the prompt, and writes the
// render and its job in one transaction, so a render is never acknowledged without durable work behind it.
import { randomInt, randomUUID } from 'node:crypto';
import type { CurrentUser } from '#shared/api';
import { LIMITS, styleIdsForRoom } from '#shared/constants';
import { PRODUCT_MESSAGES } from '#shared/messages';
import type { CreateRender, RenderState } from '#shared/render.schema';
import { getStylePreset } from '#shared/styles';
import type { Db } from '#server/db/database';
import { buildPrompt } from '#server/engines/prompts/tag-prompt';
import { invalid, notFound } from '#server/http/errors';
import type { JobQueue } from '#server/infra/queue/job-queue';
import { cancelQueuedJob } from '#server/infra/queue/database-job-queue';
import { findUpload } from '#server/modules/uploads/uploads.repository';
import type { RenderEvents } from './render-events';
import { CANCELLED, RENDER_QUEUE } from './render-job';
import { toRenderState } from './render-state';
import { failQueuedRender, findRender, insertRender, type RenderRow } from './renders.repository';

type ValidRender = {
  uploadId: string;
  roomType: NonNullable<CreateRender['roomType']>;
  engine: CreateRender['engine'];
  styleId: (CreateRender['styleId'] & string) | null;
  customPrompt: string | null;
  seed?: number;
};

export async function startRender(deps: { db: Db; queue: JobQueue }, user: CurrentUser, input: ValidRender): Promise<string> {
  const upload = await findUpload(deps.db, input.uploadId);
  if (!upload || upload.user_id !== user.id) throw notFound('Upload not found. Please upload your photo again.');
  // Kitchen presets for kitchens, the other set for every other room (seed 000 §3): the browser offers
  // only those, and the server holds any other client to the same rule.
  if (input.styleId && !styleIdsForRoom(input.roomType).includes(input.styleId)) throw invalid(PRODUCT_MESSAGES.styleNotForRoom);
  const preset = input.styleId ? getStylePreset(input.styleId) : null;
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    await insertRender(trx, {
      id,
      design_id: id,
      user_id: user.id,
      upload_id: upload.id,
      room_type: input.roomType,
      style_id: preset?.id ?? null,
      style_name: preset?.name ?? (input.customPrompt ? 'Custom' : null),
      style_prompt: preset?.prompt ?? null,
      custom_prompt: input.customPrompt,
      engine: input.engine,
      seed: input.seed ?? randomInt(LIMITS.renderSeedBelow),
      prompt: buildPrompt({ roomType: input.roomType, styleId: preset?.id ?? null, customPrompt: input.customPrompt }),
    });
    await deps.queue.enqueue(trx, RENDER_QUEUE, { renderId: id });
  });
  // Awaited: the render is in Redis before the homeowner hears it started (see JobQueue.wake).
  await deps.queue.wake();
  return id;
}

/** Closing the progress modal: a queued render never starts, a running one is aborted (its provider cancels). */
export async function cancelRender(deps: { db: Db; events: RenderEvents }, render: RenderRow): Promise<void> {
  // A worker may claim a queued render between the read and the update: then it is running, and told to stop.
  const stoppedInQueue = render.status === 'queued' && (await failQueuedRender(deps.db, render.id, CANCELLED));
  if (stoppedInQueue) await cancelQueuedJob(deps.db, RENDER_QUEUE, { renderId: render.id }, CANCELLED);
  else if (render.status === 'queued' || render.status === 'running') deps.events.cancel(render.id);
  deps.events.publish(render.id);
}

/** The render when this person may see it (its owner, or an admin); anyone else is told it does not exist. */
export async function renderForViewer(db: Db, user: CurrentUser, id: string): Promise<RenderRow> {
  const render = await findRender(db, id);
  if (!render || (render.user_id !== user.id && user.role !== 'admin')) throw notFound();
  return render;
}

/** What the browser may know of a render: its state, and the result only for an admin before the email step. */
export async function readState(db: Db, user: CurrentUser, renderId: string): Promise<RenderState> {
  return toRenderState(await renderForViewer(db, user, renderId), { canSeeResult: user.role === 'admin' });
}
