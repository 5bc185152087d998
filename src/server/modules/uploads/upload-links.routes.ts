// The QR upload link's routes (upload-link.service.ts has the rules): the desktop makes a link and polls it;
// the phone checks its token and sends one photo with it, no sign-in needed.
import type { FastifyInstance } from 'fastify';
import { QR_UPLOAD_MESSAGES } from '#shared/messages';
import type { Db } from '#server/db/database';
import type { Storage } from '#server/infra/storage/storage';
import { requireUser } from '#server/modules/auth/guards';
import { signedInWithApprovedZip } from '#server/modules/service-area/zip-gate';
import { claimLink, createUploadLink, receiveLinkPhoto, uploadLinkStatus, usableUploadLink } from './upload-link.service';
import { acceptRawPhotoBodies, RAW_PHOTO_ROUTE } from './raw-photo-body';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newUploadLinkResponseSchema, phonePhotoResponseSchema, uploadLinkStatusResponseSchema } from '#shared/upload.schema';
import { okResponseSchema } from '#shared/back-office.schema';

export async function uploadLinksRoutes(app: FastifyInstance, deps: { db: Db; storage: Storage; publicUrl: string }) {
  const { db } = deps;
  acceptRawPhotoBodies(app);

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/upload-links',
    { onRequest: signedInWithApprovedZip(db), schema: { response: { 200: newUploadLinkResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return { success: true as const, link: await createUploadLink(db, deps.publicUrl, user) };
    },
  );

  /** The desktop's poll: the upload once the phone has sent it. */
  routes.get<{ Params: { id: string } }>(
    '/api/upload-links/:id',
    { schema: { response: { 200: uploadLinkStatusResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return { success: true as const, link: await uploadLinkStatus(db, user, request.params.id) };
    },
  );

  /** The phone checks its link before showing the camera. */
  app.get<{ Params: { token: string } }>(
    '/api/upload-links/by-token/:token',
    { schema: { response: { 200: okResponseSchema } } },
    async (request) => {
      await usableUploadLink(db, request.params.token);
      return { success: true };
    },
  );

  app.post<{ Params: { token: string } }>('/api/upload-links/by-token/:token/photo', {
    ...RAW_PHOTO_ROUTE,
    schema: { response: { 200: phonePhotoResponseSchema } },
    // Single use: the link is claimed before the photo is read, so of several photos sent at once only
    // one is read and stored; the others get 410 without costing a byte of storage.
    onRequest: async (request) => {
      const { token } = request.params as { token: string };
      request.claimedUploadLink = await claimLink(db, token);
    },
    handler: async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await receiveLinkPhoto(deps, request.claimedUploadLink!, body);
      return { success: true, message: QR_UPLOAD_MESSAGES.photoSent };
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
