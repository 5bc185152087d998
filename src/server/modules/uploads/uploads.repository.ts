// The uploads and upload_links tables: a homeowner's stored photos, and the single-use QR links a phone
// sends a photo through. Tokens are stored only as their SHA-256 hash.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '#server/db/database';
import type { UploadLinksTable, UploadsTable } from '#server/db/schema';

export type UploadRow = Selectable<UploadsTable>;
export type UploadLinkRow = Selectable<UploadLinksTable>;

export async function insertUpload(db: Db, upload: Insertable<UploadsTable>): Promise<void> {
  await db.insertInto('uploads').values(upload).execute();
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUploadLink(db: Db, link: { id: string; tokenHash: string; userId: string; expiresAt: string }): Promise<void> {
  await db
    .insertInto('upload_links')
    .values({ id: link.id, token_hash: link.tokenHash, user_id: link.userId, expires_at: link.expiresAt })
    .execute();
}

export async function findUploadLink(db: Db, id: string): Promise<UploadLinkRow | undefined> {
  return db.selectFrom('upload_links').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUploadLinkByTokenHash(db: Db, tokenHash: string): Promise<UploadLinkRow | undefined> {
  return db.selectFrom('upload_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks an unused, unexpired link used in one conditional update: of callers at the same moment, one wins. */
export async function claimUploadLink(db: Db, tokenHash: string, now: string): Promise<boolean> {
  const claimed = await db
    .updateTable('upload_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

export async function attachUploadToLink(db: Db, linkId: string, uploadId: string): Promise<void> {
  await db.updateTable('upload_links').set({ upload_id: uploadId }).where('id', '=', linkId).execute();
}

/** A claimed link whose photo was refused is usable again (unless a photo did arrive). */
export async function releaseUploadLink(db: Db, linkId: string): Promise<void> {
  await db.updateTable('upload_links').set({ used_at: null }).where('id', '=', linkId).where('upload_id', 'is', null).execute();
}
