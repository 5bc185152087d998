// A design request's results: GET /api/designs/:id, POST …/variations, POST …/refinements, PUT …/pick.
import type { Design, designResponseSchema } from '#shared/design.schema';
import type { z } from 'zod';
import { apiRequest } from '#web/lib/api-client';

type Answer = z.infer<typeof designResponseSchema>;
const design = (answer: Promise<Answer>): Promise<Design> => answer.then((result) => result.design);

export const getDesign = (designId: string) => design(apiRequest<Answer>('GET', `/api/designs/${designId}`));
export const addVariation = (designId: string) => design(apiRequest<Answer>('POST', `/api/designs/${designId}/variations`));
export const refineResult = (designId: string, renderId: string, instruction: string) =>
  design(apiRequest<Answer>('POST', `/api/designs/${designId}/refinements`, { renderId, instruction }));
export const pickResult = (designId: string, renderId: string) =>
  design(apiRequest<Answer>('PUT', `/api/designs/${designId}/pick`, { renderId }));
