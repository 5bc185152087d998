// POST /api/uploads takes the photo as the raw request body (the browser sends the File as is);
// GET /api/uploads/:id/image serves it back to its owner or an admin.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LIMITS } from '../../../shared/constants';
import { UPLOAD_ERRORS } from '../../../shared/messages';
import type { Db } from '../../db/database';
import { notFound } from '../../http/errors';
import type { Storage } from '../../infra/storage/storage';
import { requireUser } from '../auth/guards';
import { storeUpload } from './upload.service';

export async function uploadsRoutes(app: FastifyInstance, deps: { db: Db; storage: Storage }) {
  // Any content type: the server decides the format from the bytes, never from a header or a name.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LIMITS.uploadMaxBytes }, (_request, body, done) => done(null, body));

  app.post('/api/uploads', {
    bodyLimit: LIMITS.uploadMaxBytes,
    errorHandler(error, _request, reply) {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.status(413).send({ success: false, error: UPLOAD_ERRORS.FILE_TOO_LARGE, code: 'FILE_TOO_LARGE' });
      }
      throw error;
    },
    handler: async (request) => {
      const user = await requireUser(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const filename = typeof request.headers['x-file-name'] === 'string' ? decodeURIComponent(request.headers['x-file-name']) : null;
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

export function sendJpeg(reply: FastifyReply, image: Buffer) {
  return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(image);
}
