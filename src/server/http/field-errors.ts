// A route error handler for forms: a body that fails validation answers 400 with the first message as
// `error` and every field's first message under `fields`, so a dialog can mark each field.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export function withFieldErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (!error.validation || error.validationContext !== 'body') throw error;
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    fields[field] ??= issue.message ?? '';
  }
  return reply.status(400).send({ success: false, error: error.validation[0].message, code: 'VALIDATION_ERROR', fields });
}
