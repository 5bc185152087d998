// The design calls: read a design's results, add a variation or a refinement (renders on the job pipeline,
// under the same daily allowance as any render), and pick the result that is emailed.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { designResponseSchema, pickSchema, refineSchema } from '#shared/design.schema';
import { requireUser, signedIn } from '#server/modules/auth/guards';
import { signedInWithApprovedZip } from '#server/modules/service-area/zip-gate';
import { addRefinement, addVariation, pickResult, readDesign, type DesignDeps } from './design-results.service';

const params = z.object({ designId: z.string().trim().min(1).max(100) });

export async function designResultsRoutes(app: FastifyInstance, deps: DesignDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const answer = async (user: Parameters<typeof readDesign>[1], designId: string) => ({
    success: true as const,
    design: await readDesign(deps.db, user, designId),
  });

  routes.get('/api/designs/:designId', { schema: { params, response: { 200: designResponseSchema } } }, async (request) =>
    answer(await requireUser(request), request.params.designId),
  );

  routes.post(
    '/api/designs/:designId/variations',
    { onRequest: signedInWithApprovedZip(deps.db), schema: { params, response: { 200: designResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await addVariation(deps, user, request.params.designId);
      return answer(user, request.params.designId);
    },
  );

  routes.post(
    '/api/designs/:designId/refinements',
    { onRequest: signedInWithApprovedZip(deps.db), schema: { params, body: refineSchema, response: { 200: designResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await addRefinement(deps, user, request.params.designId, request.body);
      return answer(user, request.params.designId);
    },
  );

  routes.put(
    '/api/designs/:designId/pick',
    { onRequest: signedIn, schema: { params, body: pickSchema, response: { 200: designResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await pickResult(deps.db, user, request.params.designId, request.body.renderId);
      return answer(user, request.params.designId);
    },
  );
}
