// A design request's results: variations and refinements are renders on the same job pipeline (progress,
// cancellation, the daily allowance, cost), grouped under the first render's id; the homeowner picks the
// result that is emailed and becomes the lead's image. The blurred-until-email rule holds per design: the
// email step releases every result of the design, and a result made after it is released when it finishes.
import { randomInt, randomUUID } from 'node:crypto';
import type { CurrentUser } from '#shared/api';
import { LIMITS } from '#shared/constants';
import { DESIGN_MESSAGES, MAX_DESIGN_RESULTS, type Design } from '#shared/design.schema';
import type { AiEngineId } from '#shared/constants';
import type { Db } from '#server/db/database';
import type { RendersTable } from '#server/db/schema';
import { offlineProvider, offlineUnderstands } from '#server/engines/offline-provider';
import type { EngineRegistry } from '#server/engines/registry';
import { conflict, invalid, notFound } from '#server/http/errors';
import { nowOf, type Clock } from '#server/infra/clock';
import type { JobQueue } from '#server/infra/queue/job-queue';
import type { Selectable } from 'kysely';
import { budgetState } from './ai-spend';
import { RENDER_QUEUE } from './render-job';
import { toRenderState } from './render-state';
import { insertRender } from './renders.repository';

export type DesignDeps = { db: Db; queue: JobQueue; registry: EngineRegistry; dailyBudgetUsd?: number; now?: Clock };

type RenderRow = Selectable<RendersTable>;

/**
 * Every result of the design, oldest first, when it is this person's (or an admin's); `id` may name the design
 * or any of its results (My Designs shows the picked one).
 */
async function designRenders(db: Db, user: CurrentUser, id: string): Promise<RenderRow[]> {
  const named = await db.selectFrom('renders').select(['design_id', 'user_id']).where('id', '=', id).executeTakeFirst();
  // Someone else's design is "not found" too: its existence is not ours to confirm.
  if (!named || (named.user_id !== user.id && user.role !== 'admin')) throw notFound('Design not found.');
  return resultsOfDesign(db, named.design_id ?? id);
}

/** Every render of one design (its first render's id), oldest first; no access check. */
export function resultsOfDesign(db: Db, designId: string): Promise<RenderRow[]> {
  return db
    .selectFrom('renders')
    .selectAll()
    .where((eb) => eb.or([eb('design_id', '=', designId), eb('id', '=', designId)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The design's first render: it holds the choices and the pick. */
const firstOf = (rows: RenderRow[]) => rows.find((row) => !row.design_id || row.design_id === row.id)!;

export async function readDesign(db: Db, user: CurrentUser, designId: string): Promise<Design> {
  const rows = await designRenders(db, user, designId);
  const first = firstOf(rows);
  return {
    id: first.id,
    pickedRenderId: first.picked_render_id ?? first.id,
    maxResults: MAX_DESIGN_RESULTS,
    results: rows.map((row) => ({
      ...toRenderState(row, { canSeeResult: user.role === 'admin' }),
      kind: row.kind,
      refinement: row.refinement,
      note: row.note,
    })),
  };
}

/** A new result of the design: room for it (a failed or stopped one takes none), nothing else of the design running. */
function checkRoom(rows: RenderRow[]) {
  if (rows.filter((row) => row.status !== 'failed').length >= MAX_DESIGN_RESULTS) throw conflict(DESIGN_MESSAGES.full);
  if (rows.some((row) => row.status === 'queued' || row.status === 'running')) throw conflict(DESIGN_MESSAGES.busy);
}

async function addResult(deps: DesignDeps, first: RenderRow, fields: Partial<RenderRow> & Pick<RenderRow, 'kind'>): Promise<string> {
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    await insertRender(trx, {
      id,
      design_id: first.id,
      user_id: first.user_id,
      upload_id: first.upload_id,
      room_type: first.room_type,
      style_id: first.style_id,
      style_name: first.style_name,
      style_prompt: first.style_prompt,
      custom_prompt: first.custom_prompt,
      engine: first.engine,
      prompt: first.prompt,
      seed: randomInt(LIMITS.renderSeedBelow),
      // Blurred until released: a result that finishes after its design was released by the email step is
      // released then (render-job.ts).
      released_at: null,
      ...fields,
    });
    await deps.queue.enqueue(trx, RENDER_QUEUE, { renderId: id });
  });
  await deps.queue.wake();
  return id;
}

/** "Try another variation": the same choices with a new seed. */
export async function addVariation(deps: DesignDeps, user: CurrentUser, designId: string): Promise<string> {
  const rows = await designRenders(deps.db, user, designId);
  checkRoom(rows);
  return addResult(deps, firstOf(rows), { kind: 'variation' });
}

/**
 * "Change something…": an edit of one finished result. The offline preview can only recolour surfaces it has
 * words for; asked for anything else it would change nothing, so the request is refused with what it can do.
 */
export async function addRefinement(
  deps: DesignDeps,
  user: CurrentUser,
  designId: string,
  input: { renderId: string; instruction: string },
): Promise<string> {
  const rows = await designRenders(deps.db, user, designId);
  const source = rows.find((row) => row.id === input.renderId);
  if (!source) throw notFound('Result not found in this design.');
  if (source.status !== 'succeeded' || !source.result_key) throw invalid(DESIGN_MESSAGES.notReady);
  checkRoom(rows);
  if ((await rendersOffline(deps, source.engine)) && offlineUnderstands(input.instruction).length === 0)
    throw invalid(DESIGN_MESSAGES.offlineDidNotUnderstand);
  return addResult(deps, firstOf(rows), {
    kind: 'refinement',
    refinement: input.instruction,
    source_render_id: source.id,
  });
}

/** Whether a new render of this engine will come from the offline preview (no provider, or AI paused for the day). */
async function rendersOffline(deps: DesignDeps, engine: string): Promise<boolean> {
  const provider = deps.registry.providerFor(engine as AiEngineId);
  if (provider === offlineProvider) return true;
  return (await budgetState(deps.db, deps.dailyBudgetUsd, nowOf(deps))).reached;
}

/** The result that is emailed and becomes the lead's image. */
export async function pickResult(db: Db, user: CurrentUser, designId: string, renderId: string): Promise<void> {
  const rows = await designRenders(db, user, designId);
  const picked = rows.find((row) => row.id === renderId);
  if (!picked || picked.status !== 'succeeded' || !picked.result_key) throw invalid(DESIGN_MESSAGES.pickFinished);
  await db.updateTable('renders').set({ picked_render_id: renderId }).where('id', '=', firstOf(rows).id).execute();
}
