// 'QR Code Upload': the desktop asks for a short-lived, single-use link and shows it as a QR code; the
// phone opens it, sends a photo with the link's token (no sign-in on the phone), and the desktop, which
// polls the link, carries on with the workflow as soon as the photo has arrived.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { QR_UPLOAD_MESSAGES } from '#shared/messages';
import type { Db } from '#server/db/database';
import { AppError, notFound } from '#server/http/errors';
import type { Storage } from '#server/infra/storage/storage';
import { requireUser } from '#server/modules/auth/guards';
import { signedInWithApprovedZip } from '#server/modules/service-area/zip-gate';
import { storeUpload, type StoredUpload } from './upload.service';
import { acceptRawPhotoBodies, RAW_PHOTO_ROUTE } from './raw-photo-body';

/** How long a QR code works. */
export const UPLOAD_LINK_TTL_MS = 10 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function uploadLinksRoutes(app: FastifyInstance, deps: { db: Db; storage: Storage; publicUrl: string }) {
  const { db } = deps;
  acceptRawPhotoBodies(app);

  app.post('/api/upload-links', { onRequest: signedInWithApprovedZip(db) }, async (request) => {
    const user = await requireUser(request);
    const token = randomBytes(24).toString('base64url');
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + UPLOAD_LINK_TTL_MS).toISOString();
    await db
      .insertInto('upload_links')
      .values({ id, token_hash: hashToken(token), user_id: user.id, expires_at: expiresAt })
      .execute();
    const url = `${deps.publicUrl}/m/${token}`;
    const qrSvg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { success: true, link: { id, url, expiresAt, qrSvg } };
  });

  /** The desktop's poll: the upload once the phone has sent it. */
  app.get<{ Params: { id: string } }>('/api/upload-links/:id', async (request) => {
    const user = await requireUser(request);
    const link = await db.selectFrom('upload_links').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!link || link.user_id !== user.id) throw notFound();
    let upload: StoredUpload | null = null;
    if (link.upload_id) {
      const row = await db.selectFrom('uploads').selectAll().where('id', '=', link.upload_id).executeTakeFirstOrThrow();
      upload = {
        id: row.id,
        imageUrl: `/api/uploads/${row.id}/image`,
        originalSize: row.original_size,
        processedSize: row.processed_size,
        originalDimensions: { width: row.original_width, height: row.original_height },
        processedDimensions: { width: row.width, height: row.height },
        format: 'jpeg',
      };
    }
    return {
      success: true,
      link: { id: link.id, expiresAt: link.expires_at, expired: link.expires_at < new Date().toISOString(), upload },
    };
  });

  /** The phone checks its link before showing the camera. */
  app.get<{ Params: { token: string } }>('/api/upload-links/by-token/:token', async (request) => {
    await usableLink(db, request.params.token);
    return { success: true };
  });

  app.post<{ Params: { token: string } }>('/api/upload-links/by-token/:token/photo', {
    ...RAW_PHOTO_ROUTE,
    // Single use: the link is claimed before the photo is read, so of several photos sent at once only
    // one is read and stored; the others get 410 without costing a byte of storage.
    onRequest: async (request) => {
      const { token } = request.params as { token: string };
      request.claimedUploadLink = await claimLink(db, token);
    },
    handler: async (request) => {
      const link = request.claimedUploadLink!;
      try {
        const owner = await db
          .selectFrom('users')
          .select(['id', 'email', 'name', 'role'])
          .where('id', '=', link.user_id)
          .executeTakeFirstOrThrow();
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const upload = await storeUpload(deps, owner, body, null);
        await db.updateTable('upload_links').set({ upload_id: upload.id }).where('id', '=', link.id).execute();
        return { success: true, message: QR_UPLOAD_MESSAGES.photoSent };
      } catch (error) {
        // A photo we could not use (wrong format, corrupt) does not use the link up: the phone may try another.
        await db.updateTable('upload_links').set({ used_at: null }).where('id', '=', link.id).where('upload_id', 'is', null).execute();
        throw error;
      }
    },
  });
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    /** The QR upload link this request claimed before its photo was read. */
    claimedUploadLink?: { id: string; user_id: string };
  }
}

/** Marks the link used in one conditional update; only one caller can win it. */
async function claimLink(db: Db, token: string) {
  const now = new Date().toISOString();
  const claimed = await db
    .updateTable('upload_links')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    // Not claimed: say why (unknown, used or expired), as the check before the camera does.
    await usableLink(db, token);
    throw new AppError('GONE', QR_UPLOAD_MESSAGES.linkUsed);
  }
  return db.selectFrom('upload_links').select(['id', 'user_id']).where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
}

async function usableLink(db: Db, token: string) {
  const link = await db.selectFrom('upload_links').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!link) throw notFound(QR_UPLOAD_MESSAGES.linkUnknown);
  if (link.used_at) throw new AppError('GONE', QR_UPLOAD_MESSAGES.linkUsed);
  if (link.expires_at < new Date().toISOString()) throw new AppError('GONE', QR_UPLOAD_MESSAGES.linkExpired);
  return link;
}
