// The seed's render calls, kept as written (seed 000 §7): POST /api/generate-stable-diffusion and
// POST /api/generate-architectural-vision take the photo as a base64 data URL and answer
// { success, generatedImageUrl, error } once the render is done. They run on the same durable job
// pipeline as /api/renders; generatedImageUrl is the blurred preview until the email step.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AI_ENGINE_IDS, KITCHEN_STYLE_IDS, LIMITS, OUTDOOR_STYLE_IDS, ROOM_TYPE_KEYS, type AiEngineId } from '#shared/constants';
import { HOMEOWNER_MESSAGES, UPLOAD_ERRORS } from '#shared/messages';
import {
  customPromptField,
  generateFailureSchema,
  generateResponseSchema,
  renderEnded,
  renderSeedField,
  type RenderState,
} from '#shared/render.schema';
import { invalid } from '#server/http/errors';
import { requireUser, signedIn } from '#server/modules/auth/guards';
import { storeUpload } from '#server/modules/uploads/upload.service';
import type { RenderRouteDeps } from './renders.routes';
import { readState, startRender } from './render.service';

const STYLE_IDS = [...KITCHEN_STYLE_IDS, ...OUTDOOR_STYLE_IDS] as const;
const DATA_URL = /^data:([a-z0-9.+/-]*);base64,/i;
/** Base64 makes 5 MB about 6.7 MB; the JSON around it is small. */
const BODY_LIMIT = Math.ceil((LIMITS.uploadMaxBytes * 4) / 3) + 64 * 1024;
const WAIT_LIMIT_MS = 120_000;
/** The server shut down while the render waited its turn: the render stays queued for the next instance. */
const INTERRUPTED_BY_RESTART = 'The server restarted before your design was ready. It is still being made: find it in My Designs.';

const generateSchema = z.object({
  imageData: z.string().regex(DATA_URL, UPLOAD_ERRORS.INVALID_FORMAT),
  roomType: z.enum(ROOM_TYPE_KEYS),
  selectedStyle: z
    .object({ id: z.string(), name: z.string().optional(), prompt: z.string().optional() })
    .nullish()
    .transform((style) => style ?? null),
  customPrompt: customPromptField,
  seed: renderSeedField,
  aiEngine: z.enum(AI_ENGINE_IDS).optional(),
});

const ENDPOINTS: { path: string; engine: AiEngineId }[] = [
  { path: '/api/generate-stable-diffusion', engine: 'structural-design-ai' },
  { path: '/api/generate-architectural-vision', engine: 'architectural-vision-engine' },
];

export async function generateRoutes(app: FastifyInstance, deps: RenderRouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  for (const { path, engine } of ENDPOINTS) {
    routes.post(
      path,
      {
        onRequest: signedIn,
        bodyLimit: BODY_LIMIT,
        schema: { body: generateSchema, response: { 200: generateResponseSchema, 502: generateFailureSchema, 503: generateFailureSchema } },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        const body = request.body;
        // A preset of the other room set is refused by startRender; an id that is no preset means 'custom'.
        const styleId = STYLE_IDS.find((id) => id === body.selectedStyle?.id) ?? null;
        if (!styleId && !body.customPrompt) throw invalid('Choose a design style or describe your own.');
        const base64 = body.imageData.replace(DATA_URL, '');
        if (base64.length > BODY_LIMIT) throw invalid(UPLOAD_ERRORS.FILE_TOO_LARGE);

        const upload = await storeUpload(deps, user, Buffer.from(base64, 'base64'), null);
        const renderId = await startRender(deps, user, {
          uploadId: upload.id,
          roomType: body.roomType,
          engine,
          styleId,
          customPrompt: body.customPrompt,
          seed: body.seed,
        });
        const state = await waitForRender(deps, user, renderId);
        if (state === 'interrupted') return reply.status(503).send({ success: false as const, error: INTERRUPTED_BY_RESTART, renderId });
        if (state.status !== 'succeeded') {
          return reply
            .status(502)
            .send({ success: false as const, error: state.error ?? HOMEOWNER_MESSAGES.premiumRenderingFailed, renderId });
        }
        return { success: true as const, generatedImageUrl: state.resultUrl ?? state.previewUrl, renderId };
      },
    );
  }
}

/**
 * The render's final state, or 'interrupted' when the server shuts down first (main.ts ends the waits once
 * this process's own renders are done; one still queued is left to the next instance).
 */
function waitForRender(
  deps: RenderRouteDeps,
  user: Parameters<typeof readState>[1],
  renderId: string,
): Promise<RenderState | 'interrupted'> {
  return new Promise((resolve) => {
    const finish = (state: RenderState | 'interrupted') => {
      clearInterval(poll);
      clearTimeout(timeout);
      unsubscribe();
      forget();
      resolve(state);
    };
    const check = async () => {
      const state = await readState(deps.db, user, renderId);
      if (renderEnded(state)) finish(state);
    };
    const forget = deps.streams.open(async () => {
      const state = await readState(deps.db, user, renderId).catch(() => undefined);
      finish(state && renderEnded(state) ? state : 'interrupted');
    });
    const unsubscribe = deps.events.subscribe(renderId, () => void check());
    const poll = setInterval(() => void check(), 1000);
    const timeout = setTimeout(
      () =>
        void readState(deps.db, user, renderId).then((state) =>
          finish({ ...state, status: 'failed', error: state.error ?? HOMEOWNER_MESSAGES.premiumRenderingFailed }),
        ),
      WAIT_LIMIT_MS,
    );
    void check();
  });
}
