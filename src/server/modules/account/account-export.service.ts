// A person's data as one zip: their profile, photos, renders, leads, feedback and comments. The blur rule
// holds here too: a render the email step has not released is exported as its blurred preview.
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { ZipFile } from 'yazl';
import type { Db } from '#server/db/database';
import { StorageObjectMissingError, type Storage } from '#server/infra/storage/storage';
import { notFound } from '#server/http/errors';
import { ADMIN_MESSAGES } from '#shared/messages';

export type AccountExport = { filename: string; stream: Readable };

const README = `Your data from MetroWest AI Renovations.

profile.json    your account
uploads.json    the photos you uploaded (files in photos/)
renders.json    the designs made from them (files in renders/; a design you have not unlocked
                through the email step is included as the blurred preview you saw)
leads.json      the requests you sent us (email step and quotes)
feedback.json   the feedback you gave
comments.json   your comments on the community feed
`;

async function readOptional(storage: Storage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  try {
    return await storage.get(key);
  } catch (error) {
    // An image lost or purged since: the export still lists the row, without its file.
    if (error instanceof StorageObjectMissingError) return null;
    throw error;
  }
}

export async function buildAccountExport(deps: { db: Db; storage: Storage }, userId: string, now: Date): Promise<AccountExport> {
  const { db, storage } = deps;
  const profile = await db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'email',
      'role',
      'approved_zip',
      'login_count',
      'ai_renderings_count',
      'total_time_on_site_ms',
      'last_login_at',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!profile) throw notFound(ADMIN_MESSAGES.userNotFound);

  const uploads = await db
    .selectFrom('uploads')
    .select(['id', 'storage_key', 'original_filename', 'original_format', 'width', 'height', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const uploadIds = uploads.map((upload) => upload.id);
  const renders = await db
    .selectFrom('renders')
    .select([
      'id',
      'upload_id',
      'room_type',
      'style_name',
      'custom_prompt',
      'engine',
      'provider',
      'status',
      'result_key',
      'preview_key',
      'released_at',
      'created_at',
    ])
    .where((eb) => eb.or([eb('user_id', '=', userId), ...(uploadIds.length > 0 ? [eb('upload_id', 'in', uploadIds)] : [])]))
    .orderBy('created_at')
    .execute();
  const leads = await db
    .selectFrom('leads')
    .select([
      'id',
      'render_id',
      'name',
      'email',
      'phone',
      'zip',
      'room_type',
      'style',
      'wants_quote',
      'subscribe',
      'share_in_feed',
      'project_type',
      'timeline',
      'budget',
      'contact_method',
      'notes',
      'quote_requested_at',
      'created_at',
    ])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb(sql<string>`lower(email)`, '=', profile.email.toLowerCase())]))
    .orderBy('created_at')
    .execute();
  const leadIds = leads.map((lead) => lead.id);
  const feedback = await db
    .selectFrom('feedback')
    .select(['id', 'lead_id', 'rating', 'comment', 'page_location', 'created_at'])
    .where((eb) => eb.or([eb('user_id', '=', userId), ...(leadIds.length > 0 ? [eb('lead_id', 'in', leadIds)] : [])]))
    .orderBy('created_at')
    .execute();
  const comments = await db
    .selectFrom('feed_comments')
    .select(['id', 'lead_id', 'body', 'removed_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

  const zip = new ZipFile();
  const mtime = now;
  const json = (name: string, value: unknown) => zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), name, { mtime });
  zip.addBuffer(Buffer.from(README), 'README.txt', { mtime });
  json('profile.json', profile);
  json(
    'uploads.json',
    uploads.map(({ storage_key: _key, ...upload }) => ({ ...upload, file: `photos/${upload.id}.jpg` })),
  );
  json(
    'renders.json',
    renders.map(({ result_key: _result, preview_key: _preview, ...render }) => ({
      ...render,
      file: render.status === 'succeeded' ? `renders/${render.id}${render.released_at ? '' : '-preview'}.jpg` : null,
    })),
  );
  json('leads.json', leads);
  json('feedback.json', feedback);
  json('comments.json', comments);
  // JPEGs are already compressed; storing them as they are saves CPU for nothing lost.
  for (const upload of uploads) {
    const photo = await readOptional(storage, upload.storage_key);
    if (photo) zip.addBuffer(photo, `photos/${upload.id}.jpg`, { mtime, compress: false });
  }
  for (const render of renders) {
    if (render.status !== 'succeeded') continue;
    const image = await readOptional(storage, render.released_at ? render.result_key : render.preview_key);
    if (image) zip.addBuffer(image, `renders/${render.id}${render.released_at ? '' : '-preview'}.jpg`, { mtime, compress: false });
  }
  zip.end();
  return { filename: `metrowest-data-${now.toISOString().slice(0, 10)}.zip`, stream: zip.outputStream as Readable };
}
