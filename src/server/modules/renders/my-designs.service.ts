// My Designs: a homeowner's finished designs, newest first, and deleting one. A design is a design request
// whose first render succeeded, with its variations and refinements; its picked result is the one shown. The
// lead its email step made (if any) says whether the design email waits for the address to be confirmed and
// whether a quote was asked for.
import type { DomainEvents } from '#server/infra/domain-events';
import type { Db } from '#server/db/database';
import { decodeCursor, encodeCursor } from '#server/db/keyset-cursor';
import { AppError, notFound } from '#server/http/errors';
import type { Log } from '#server/infra/log';
import type { Storage } from '#server/infra/storage/storage';
import { removeObjects } from '#server/modules/account/user-objects';
import type { CurrentUser } from '#shared/api';
import { MY_DESIGNS_PAGE_SIZE, type MyDesign, type MyDesignsPage } from '#shared/my-designs.schema';
import { toRenderState } from './render-state';

export const DESIGN_DELETED_MAIL_ERROR = 'Not sent: the homeowner deleted this design.';

export async function listMyDesigns(db: Db, user: CurrentUser, cursorText: string | undefined): Promise<MyDesignsPage> {
  const cursor = decodeCursor(cursorText);
  const renders = await db
    .selectFrom('renders')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('status', '=', 'succeeded')
    .where('kind', '=', 'original')
    .$if(cursor !== null, (qb) =>
      qb.where((eb) =>
        eb.or([eb('created_at', '<', cursor!.createdAt), eb.and([eb('created_at', '=', cursor!.createdAt), eb('id', '<', cursor!.id)])]),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MY_DESIGNS_PAGE_SIZE + 1)
    .execute();
  const page = renders.slice(0, MY_DESIGNS_PAGE_SIZE);
  const ids = page.map((render) => render.id);
  const [leads, others] = ids.length
    ? await Promise.all([
        db
          .selectFrom('leads')
          .select(['id', 'design_request_id', 'design_email_pending', 'wants_quote', 'created_at'])
          .where('user_id', '=', user.id)
          .where('design_request_id', 'in', ids)
          .orderBy('created_at', 'asc')
          .execute(),
        db
          .selectFrom('renders')
          .selectAll()
          .where('design_id', 'in', ids)
          .where('kind', '!=', 'original')
          .where('status', '=', 'succeeded')
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
      ])
    : [[], []];
  // One lead per design (the email step's designRequestId is the design's first render); the first is the one it made.
  const leadOf = new Map<string, (typeof leads)[number]>();
  for (const lead of leads) if (lead.design_request_id && !leadOf.has(lead.design_request_id)) leadOf.set(lead.design_request_id, lead);

  const designs: MyDesign[] = page.map((render) => {
    const lead = leadOf.get(render.id);
    const results = [render, ...others.filter((other) => other.design_id === render.id)];
    const picked = results.find((result) => result.id === render.picked_render_id) ?? render;
    return {
      id: render.id,
      render: toRenderState(picked, { canSeeResult: false }),
      results: results.map((result) => toRenderState(result, { canSeeResult: false })),
      roomType: render.room_type,
      styleName: render.custom_prompt ? null : render.style_name,
      customPrompt: render.custom_prompt,
      createdAt: render.created_at,
      leadId: lead?.id ?? null,
      awaitingConfirmation: lead?.design_email_pending ?? false,
      quoteRequested: lead?.wants_quote ?? false,
    };
  });
  const last = page.at(-1);
  const nextCursor = renders.length > MY_DESIGNS_PAGE_SIZE && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
  return { success: true, designs, nextCursor };
}

/**
 * Deletes one of the homeowner's designs: the render and its images, and the photo too when no other
 * design was made from it. A lead the design became stays for the business (a quote may be in progress)
 * but loses its images and leaves the community feed; a design email still waiting is not sent.
 */
export async function deleteMyDesign(
  deps: { db: Db; storage: Storage; domainEvents: DomainEvents; log?: Pick<Log, 'warn'> },
  user: CurrentUser,
  renderId: string,
): Promise<void> {
  const { db, storage, log } = deps;
  const render = await db
    .selectFrom('renders')
    .select(['id', 'upload_id', 'result_key', 'preview_key', 'status'])
    .where('id', '=', renderId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  // Someone else's design is "not found" too: its existence is not ours to confirm.
  if (!render) throw notFound('Design not found.');
  const results = await db
    .selectFrom('renders')
    .select(['id', 'result_key', 'preview_key', 'status'])
    .where('design_id', '=', render.id)
    .where('id', '!=', render.id)
    .execute();
  // A render still being made would write its images after the rows are gone.
  if ([render, ...results].some((result) => result.status === 'queued' || result.status === 'running')) {
    throw new AppError('CONFLICT', 'This design is still being made. Close it or wait until it is ready, then delete it.');
  }
  const resultIds = [render.id, ...results.map((result) => result.id)];

  const keys = await db.transaction().execute(async (trx) => {
    const leadIds = (
      await trx
        .selectFrom('leads')
        .select('id')
        .where((eb) => eb.or([eb('render_id', 'in', resultIds), eb('design_request_id', '=', render.id)]))
        .execute()
    ).map((row) => row.id);
    if (leadIds.length) {
      await trx
        .updateTable('leads')
        .set({ image_url: null, ai_url: null, design_email_pending: false })
        .where('id', 'in', leadIds)
        .execute();
      await trx
        .updateTable('mail_outbox')
        .set({ status: 'failed', last_error: DESIGN_DELETED_MAIL_ERROR, locked_until: null })
        .where('lead_id', 'in', leadIds)
        .where('kind', '=', 'homeowner-design')
        .where('status', '=', 'pending')
        .execute();
    }
    // The lead's render_id becomes null through its foreign key.
    await trx.deleteFrom('renders').where('id', 'in', resultIds).execute();
    const objectKeys = [render, ...results].flatMap((result) => [result.result_key, result.preview_key]);
    // The photo stays while another design was made from it, or while it is the account's profile picture.
    const others = await trx.selectFrom('renders').select('id').where('upload_id', '=', render.upload_id).executeTakeFirst();
    const profilePicture = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', user.id)
      .where('image', '=', `/api/uploads/${render.upload_id}/image`)
      .executeTakeFirst();
    if (!others && !profilePicture) {
      const upload = await trx
        .selectFrom('uploads')
        .select(['storage_key', 'email_copy_key'])
        .where('id', '=', render.upload_id)
        .executeTakeFirst();
      if (upload) {
        objectKeys.push(upload.storage_key, upload.email_copy_key);
        await trx.deleteFrom('uploads').where('id', '=', render.upload_id).execute();
      }
    }
    return objectKeys.filter((key): key is string => Boolean(key));
  });
  // A shared design leaves the community feed at once.
  await deps.domainEvents.emit('feed.changed', {});
  await removeObjects(storage, keys, log);
}
