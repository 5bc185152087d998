// POST /api/renders: starts a render of an uploaded photo; the answer is its first state.
import type { z } from 'zod';
import type { CreateRender, renderResponseSchema } from '#shared/render.schema';
import { apiRequest } from '#web/lib/api-client';

export const startRender = (body: CreateRender) =>
  apiRequest<z.infer<typeof renderResponseSchema>>('POST', '/api/renders', body).then((result) => result.render);
