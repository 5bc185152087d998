// Sends an image we hold to the person allowed to see it: private (never in a shared cache), for an hour.
import type { FastifyReply } from 'fastify';

export function sendJpeg(reply: FastifyReply, image: Buffer) {
  return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(image);
}
