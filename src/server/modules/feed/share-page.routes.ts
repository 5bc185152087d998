// A public page per shared design (/designs/{id}), with Open Graph tags so a link shared on social
// media shows the before/after. Only designs whose homeowner consented to sharing, and that an admin
// has not hidden; no name, email or phone.
import type { FastifyInstance } from 'fastify';
import { roomTypeLabel } from '#shared/constants';
import type { Db } from '#server/db/database';
import type { Storage } from '#server/infra/storage/storage';
import { sendJpeg } from '#server/http/send-image';
import { feedImageKeys, visibleFeedLeads } from './feed.repository';
import { sendServerHtml } from '#server/http/server-page';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function sharePageRoutes(app: FastifyInstance, { db, storage, publicUrl }: { db: Db; storage: Storage; publicUrl: string }) {
  app.get<{ Params: { id: string; side: string } }>('/api/public/designs/:id/:side', async (request, reply) => {
    const side = request.params.side === 'before.jpg' ? 'before' : request.params.side === 'after.jpg' ? 'after' : null;
    const keys = side ? await feedImageKeys(db, request.params.id) : undefined;
    if (!side || !keys?.[side]) return reply.status(404).send({ success: false, error: 'Not found', code: 'NOT_FOUND' });
    return sendJpeg(reply, await storage.get(keys[side]!));
  });

  app.get<{ Params: { id: string } }>('/designs/:id', async (request, reply) => {
    const design = await visibleFeedLeads(db)
      .leftJoin('service_area_zips', 'service_area_zips.zip', 'leads.zip')
      .select(['leads.id', 'leads.room_type', 'leads.style', 'service_area_zips.town'])
      .where('leads.id', '=', request.params.id)
      .executeTakeFirst();
    if (!design) return reply.callNotFound();
    const room = roomTypeLabel(design.room_type, 'Space');
    const title = `${design.style ?? 'Custom'} ${room}${design.town ? ` in ${design.town}, MA` : ''}`;
    const description = `A MetroWest homeowner's ${room.toLowerCase()}, redesigned in the ${design.style ?? 'custom'} style with MetroWest AI Renovations.`;
    const url = `${publicUrl}/designs/${design.id}`;
    const image = (side: string) => `${publicUrl}/api/public/designs/${design.id}/${side}.jpg`;
    return sendServerHtml(
      reply,
      200,
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | MetroWest AI Home Renovations</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="canonical" href="${url}">
<meta property="og:type" content="article"><meta property="og:site_name" content="MetroWest AI Home Renovations">
<meta property="og:title" content="${escapeHtml(title)}"><meta property="og:description" content="${escapeHtml(description)}">
<meta property="og:url" content="${url}"><meta property="og:image" content="${image('after')}"><meta name="twitter:card" content="summary_large_image">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head><body style="font-family:Arial,Helvetica,sans-serif;margin:0;background:#1c1917;color:#fafaf9">
<main style="max-width:960px;margin:0 auto;padding:32px 16px">
<p style="color:#5eead4;font-weight:700;margin:0">MetroWest AI Renovations</p>
<h1 style="margin:8px 0 24px">${escapeHtml(title)}</h1>
<div style="display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:12px">
<figure style="margin:0"><img src="${image('before')}" alt="Before" style="width:100%;border-radius:12px"><figcaption>Before</figcaption></figure>
<figure style="margin:0"><img src="${image('after')}" alt="After, ${escapeHtml(design.style ?? 'custom')} style" style="width:100%;border-radius:12px"><figcaption>After</figcaption></figure>
</div>
<p style="margin-top:24px">See your own room redesigned: <a href="/" style="color:#5eead4">try it free for MetroWest homeowners</a>.</p>
</main></body></html>`,
    );
  });
}
