// POST /api/uploads takes the photo as the raw request body (the browser sends the File as is);
// GET /api/uploads/:id/image serves it back to its owner or an admin.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '#shared/constants';
import { UPLOAD_ERRORS } from '#shared/messages';
import type { Db } from '#server/db/database';
import { notFound } from '#server/http/errors';
import type { Storage } from '#server/infra/storage/storage';
import { requireUser } from '#server/modules/auth/guards';
import { signedInWithApprovedZip } from '#server/modules/service-area/zip-gate';
import { storeUpload } from './upload.service';

export async function uploadsRoutes(app: FastifyInstance, deps: { db: Db; storage: Storage }) {
  acceptRawPhotoBodies(app);

  app.post('/api/uploads', {
    ...RAW_PHOTO_ROUTE,
    // The session and the ZIP gate are checked before a byte of the photo is read: an anonymous caller
    // costs no upload.
    onRequest: signedInWithApprovedZip(deps.db),
    handler: async (request) => {
      const user = await requireUser(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const filename = typeof request.headers['x-file-name'] === 'string' ? decodeFileName(request.headers['x-file-name']) : null;
      return { success: true, upload: await storeUpload(deps, user, body, filename) };
    },
  });

  app.get<{ Params: { id: string } }>('/api/uploads/:id/image', async (request, reply) => {
    const user = await requireUser(request);
    const upload = await deps.db.selectFrom('uploads').select(['user_id', 'storage_key']).where('id', '=', request.params.id).executeTakeFirst();
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

/**
 * Any content type is read as bytes: the server decides the format from them, never from a header or a name.
 * Fastify's own JSON and text parsers are removed in this (encapsulated) plugin, or a photo sent as
 * application/json would fail JSON parsing and one sent as text/plain would arrive as a string.
 */
export function acceptRawPhotoBodies(app: FastifyInstance) {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LIMITS.uploadMaxBytes }, (_request, body, done) => done(null, body));
}

/** Route options for a raw photo body: capped at 5 MB, and over the cap answered with the catalogue's FILE_TOO_LARGE. */
export const RAW_PHOTO_ROUTE = {
  bodyLimit: LIMITS.uploadMaxBytes,
  errorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ success: false, error: UPLOAD_ERRORS.FILE_TOO_LARGE, code: 'FILE_TOO_LARGE' });
    }
    throw error;
  },
};

export function sendJpeg(reply: FastifyReply, image: Buffer) {
  return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(image);
}
