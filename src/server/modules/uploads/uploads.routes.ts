// POST /api/uploads takes the photo as the raw request body (the browser sends the File as is);
// GET /api/uploads/:id/image serves it back to its owner or an admin.
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database';
import { notFound } from '#server/http/errors';
import { sendJpeg } from '#server/http/send-image';
import type { Storage } from '#server/infra/storage/storage';
import { requireUser } from '#server/modules/auth/guards';
import { signedInWithApprovedZip } from '#server/modules/service-area/zip-gate';
import { acceptRawPhotoBodies, RAW_PHOTO_ROUTE } from './raw-photo-body';
import { storeUpload } from './upload.service';
import { findUpload } from './uploads.repository';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uploadResponseSchema } from '#shared/upload.schema';

export async function uploadsRoutes(app: FastifyInstance, deps: { db: Db; storage: Storage }) {
  acceptRawPhotoBodies(app);

  app.withTypeProvider<ZodTypeProvider>().post('/api/uploads', {
    ...RAW_PHOTO_ROUTE,
    schema: { response: { 200: uploadResponseSchema } },
    // The session and the ZIP gate are checked before a byte of the photo is read: an anonymous caller
    // costs no upload.
    onRequest: signedInWithApprovedZip(deps.db),
    handler: async (request) => {
      const user = await requireUser(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const filename = typeof request.headers['x-file-name'] === 'string' ? decodeFileName(request.headers['x-file-name']) : null;
      return { success: true as const, upload: await storeUpload(deps, user, body, filename) };
    },
  });

  app.get<{ Params: { id: string } }>('/api/uploads/:id/image', async (request, reply) => {
    const user = await requireUser(request);
    const upload = await findUpload(deps.db, request.params.id);
    if (!upload || (upload.user_id !== user.id && user.role !== 'admin')) throw notFound();
    return sendJpeg(reply, await deps.storage.get(upload.storage_key));
  });
}

/** The name is only kept for the record: a malformed %-escape keeps the header as sent instead of failing the upload. */
function decodeFileName(header: string): string {
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}
