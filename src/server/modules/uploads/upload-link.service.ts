// 'QR Code Upload': the desktop asks for a short-lived, single-use link and shows it as a QR code; the
// phone opens it, sends a photo with the link's token (no sign-in on the phone), and the desktop, which
// polls the link, carries on as soon as the photo has arrived. The token is never stored, only its hash.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { CurrentUser } from '#shared/api';
import { QR_UPLOAD_MESSAGES } from '#shared/messages';
import type { Db } from '#server/db/database';
import { AppError, notFound } from '#server/http/errors';
import type { Storage } from '#server/infra/storage/storage';
import { findUserById } from '#server/modules/auth/users.repository';
import { storeUpload, toStoredUpload, type StoredUpload } from './upload.service';
import {
  attachUploadToLink,
  claimUploadLink,
  findUpload,
  findUploadLink,
  findUploadLinkByTokenHash,
  insertUploadLink,
  releaseUploadLink,
  type UploadLinkRow,
} from './uploads.repository';
import type { NewUploadLink, UploadLinkStatus } from '#shared/upload.schema';

/** How long a QR code works. */
export const UPLOAD_LINK_TTL_MS = 10 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createUploadLink(db: Db, publicUrl: string, user: CurrentUser): Promise<NewUploadLink> {
  const token = randomBytes(24).toString('base64url');
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + UPLOAD_LINK_TTL_MS).toISOString();
  await insertUploadLink(db, { id, tokenHash: hashToken(token), userId: user.id, expiresAt });
  const url = `${publicUrl}/m/${token}`;
  const qrSvg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { id, url, expiresAt, qrSvg };
}

/** The desktop's poll: the link, and the upload once the phone has sent it. Another person's link is not found. */
export async function uploadLinkStatus(db: Db, user: CurrentUser, id: string): Promise<UploadLinkStatus> {
  const link = await findUploadLink(db, id);
  if (!link || link.user_id !== user.id) throw notFound();
  let upload: StoredUpload | null = null;
  if (link.upload_id) {
    const row = await findUpload(db, link.upload_id);
    if (row) upload = toStoredUpload(row);
  }
  return { id: link.id, expiresAt: link.expires_at, expired: link.expires_at < new Date().toISOString(), upload };
}

/** The link a token opens, when it can still take a photo; otherwise why not (unknown 404, used or expired 410). */
export async function usableUploadLink(db: Db, token: string): Promise<UploadLinkRow> {
  const link = await findUploadLinkByTokenHash(db, hashToken(token));
  if (!link) throw notFound(QR_UPLOAD_MESSAGES.linkUnknown);
  if (link.used_at) throw new AppError('GONE', QR_UPLOAD_MESSAGES.linkUsed);
  if (link.expires_at < new Date().toISOString()) throw new AppError('GONE', QR_UPLOAD_MESSAGES.linkExpired);
  return link;
}

/** Claims the link before its photo is read: only one caller can win it. */
export async function claimLink(db: Db, token: string): Promise<{ id: string; user_id: string }> {
  if (!(await claimUploadLink(db, hashToken(token), new Date().toISOString()))) {
    // Not claimed: say why (unknown, used or expired), as the check before the camera does.
    await usableUploadLink(db, token);
    throw new AppError('GONE', QR_UPLOAD_MESSAGES.linkUsed);
  }
  const link = (await findUploadLinkByTokenHash(db, hashToken(token)))!;
  return { id: link.id, user_id: link.user_id };
}

/** Stores the phone's photo for the link's owner; a photo we cannot use leaves the link usable for another. */
export async function receiveLinkPhoto(
  deps: { db: Db; storage: Storage },
  link: { id: string; user_id: string },
  photo: Buffer,
): Promise<void> {
  try {
    const owner = await findUserById(deps.db, link.user_id);
    if (!owner) throw notFound();
    const upload = await storeUpload(deps, owner, photo, null);
    await attachUploadToLink(deps.db, link.id, upload.id);
  } catch (error) {
    await releaseUploadLink(deps.db, link.id);
    throw error;
  }
}
