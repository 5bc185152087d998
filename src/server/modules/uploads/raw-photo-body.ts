// A photo sent as the raw request body (the browser sends the File as is), for the upload routes: every
// content type read as bytes, capped at 5 MB, and over the cap the catalogue's FILE_TOO_LARGE.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '#shared/constants';
import { UPLOAD_ERRORS } from '#shared/messages';

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
