// The home page hero's design: GET /api/hero/:leadId/:file (the chosen community design's images, public
// like the feed's share pages), and the admin's choice, GET and PUT /api/admin/hero.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '#server/db/database';
import { invalid, notFound } from '#server/http/errors';
import type { Storage } from '#server/infra/storage/storage';
import { adminOnly } from '#server/modules/auth/guards';
import { heroChoiceSchema, heroSettingsResponseSchema } from '#shared/back-office.schema';
import { HERO_FORMATS, HERO_WIDTHS, type HeroFormat, type HeroSide, type HeroWidth } from './hero-images';
import { chooseHero, chosenHero, createHeroImages, heroCandidates, isHeroCandidate } from './hero.service';

const CONTENT_TYPES: Record<HeroFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };
const FILE = new RegExp(`^(before|after)-(${HERO_WIDTHS.join('|')})\\.(${HERO_FORMATS.join('|')})$`);

export async function heroRoutes(app: FastifyInstance, deps: { db: Db; storage: Storage; onHeroChanged: () => void }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const heroImage = createHeroImages(deps.db, deps.storage);

  routes.get(
    '/api/hero/:leadId/:file',
    { schema: { params: z.object({ leadId: z.string().max(100), file: z.string().max(40) }) } },
    async (request, reply) => {
      const match = FILE.exec(request.params.file);
      const hero = await chosenHero(deps.db);
      // Only the design that is the hero now: the others are not ours to publish here.
      if (!match || hero?.leadId !== request.params.leadId) throw notFound();
      const [, side, width, format] = match as unknown as [string, HeroSide, string, HeroFormat];
      const image = await heroImage(hero.leadId, side, Number(width) as HeroWidth, format);
      if (!image) throw notFound();
      return reply.type(CONTENT_TYPES[format]).header('cache-control', 'public, max-age=3600').send(image);
    },
  );

  routes.get('/api/admin/hero', { onRequest: adminOnly, schema: { response: { 200: heroSettingsResponseSchema } } }, async () => ({
    success: true as const,
    heroLeadId: (await chosenHero(deps.db))?.leadId ?? null,
    candidates: await heroCandidates(deps.db),
  }));

  routes.put(
    '/api/admin/hero',
    { onRequest: adminOnly, schema: { body: heroChoiceSchema, response: { 200: heroSettingsResponseSchema } } },
    async (request) => {
      const { leadId } = request.body;
      if (leadId && !(await isHeroCandidate(deps.db, leadId))) {
        throw invalid('Only a design its homeowner shared in the community feed can be shown on the home page.');
      }
      await chooseHero(deps.db, leadId);
      deps.onHeroChanged();
      return { success: true as const, heroLeadId: leadId, candidates: await heroCandidates(deps.db) };
    },
  );
}
