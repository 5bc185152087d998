// A homeowner's design through the real API: upload a room photo, render it on the offline engine and
// wait for the result, then the email step. Shared by the tests that need a finished design.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RenderState } from '#shared/render.schema';

/** styleId null with a customPrompt is the seed's Custom Style without a base style. */
export type DesignOptions = { roomType?: string; styleId?: string | null; customPrompt?: string; photo?: string; engine?: string };

export async function uploadPhoto(app: FastifyInstance, headers: Record<string, string>, photo = 'kitchen_2.jpg'): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...headers, 'content-type': 'image/jpeg' },
    payload: await readFile(path.resolve('../shared/fixtures/rooms', photo)),
  });
  return response.json().upload.id as string;
}

/** Renders an uploaded photo (a new upload unless one is given) and waits until the render is done. */
export async function finishedRender(
  app: FastifyInstance,
  headers: Record<string, string>,
  { roomType = 'kitchen', styleId = 'farmhouse-chic', customPrompt, photo, engine = 'structural-design-ai' }: DesignOptions = {},
  uploadId?: string,
): Promise<RenderState> {
  const upload = uploadId ?? (await uploadPhoto(app, headers, photo));
  let render: RenderState = (
    await app.inject({
      method: 'POST',
      url: '/api/renders',
      headers,
      payload: { uploadId: upload, roomType, engine, ...(styleId ? { styleId } : {}), ...(customPrompt ? { customPrompt } : {}) },
    })
  ).json().render;
  while (render.status !== 'succeeded' && render.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    render = (await app.inject({ method: 'GET', url: `/api/renders/${render.id}`, headers })).json().render;
  }
  return render;
}

/** The email step for a render, as the workflow's email modal sends it. */
export const emailStep = (
  app: FastifyInstance,
  headers: Record<string, string>,
  render: Pick<RenderState, 'id'>,
  fields: { email: string; name?: string; phone?: string; subscribe?: boolean; shareInFeed?: boolean },
) =>
  app.inject({
    method: 'POST',
    url: '/api/send-email',
    headers,
    payload: {
      email: fields.email,
      name: fields.name ?? 'Test Homeowner',
      phone: fields.phone ?? null,
      selectedStyle: { id: 'farmhouse-chic', name: 'Farmhouse Chic', prompt: '' },
      roomType: 'kitchen',
      subscribe: fields.subscribe ?? true,
      shareInFeed: fields.shareInFeed ?? false,
      zipCode: '01701',
      designRequestId: render.id,
    },
  });
