// Builds a lead's dossier (seed 001 §3) from the lead, its render, the homeowner's profile, the assigned
// contractors and the insight notes. The caller has already checked that the viewer may see the lead.
import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '#shared/api';
import { intentLabel, type LeadDossier, type LeadInsight } from '#shared/lead-dossier';
import type { Db } from '#server/db/database';
import { afterImageLabel, type RenderCredit } from '#shared/render-credit';
import { creditOf } from '#server/modules/renders/render-credit';
import { resultsOfDesign } from '#server/modules/renders/design-results.service';
import type { Lead } from '#server/db/schema';
import { explainLeads } from '#server/modules/scoring/score-explanations';
import { EMPTY_SCORE_FACTORS } from '#shared/lead-score-factors';
import { zipIncomeTier } from '#server/modules/scoring/zip-income-tier';

export const dossierImageUrl = (leadId: string, side: 'before' | 'after') => `/api/leads/${leadId}/dossier/${side}`;

/** Storage keys of the lead's before (the upload's email-sized copy) and after images, when it has a render. */
export async function dossierImageKeys(
  db: Db,
  lead: Pick<Lead, 'render_id'>,
): Promise<{ before: string | null; after: string | null; credit: RenderCredit | null }> {
  if (!lead.render_id) return { before: null, after: null, credit: null };
  const row = await db
    .selectFrom('renders')
    .innerJoin('uploads', 'uploads.id', 'renders.upload_id')
    .select([
      'uploads.email_copy_key as before',
      'renders.result_key as after',
      'renders.provider',
      'renders.model',
      'renders.fallback_reason',
    ])
    .where('renders.id', '=', lead.render_id)
    .executeTakeFirst();
  return { before: row?.before ?? null, after: row?.after ?? null, credit: row ? creditOf(row) : null };
}

/**
 * "4 results: the first render, 2 variations, 1 change (“paint the walls sage green”); the homeowner picked
 * result 4." Null when the design request has only its first render.
 */
export async function designHistory(db: Db, lead: Pick<Lead, 'design_request_id' | 'render_id'>): Promise<string | null> {
  if (!lead.design_request_id) return null;
  const results = (await resultsOfDesign(db, lead.design_request_id)).filter((result) => result.status === 'succeeded');
  if (results.length < 2) return null;
  const variations = results.filter((result) => result.kind === 'variation').length;
  const changes = results.filter((result) => result.kind === 'refinement').map((result) => `“${result.refinement}”`);
  const parts = ['the first render'];
  if (variations) parts.push(`${variations} variation${variations === 1 ? '' : 's'}`);
  if (changes.length) parts.push(`${changes.length} change${changes.length === 1 ? '' : 's'} (${changes.join(', ')})`);
  const picked = results.findIndex((result) => result.id === lead.render_id) + 1;
  return `${results.length} results: ${parts.join(', ')}${picked > 0 ? `; the homeowner picked result ${picked}` : ''}.`;
}

export async function listInsights(db: Db, leadId: string): Promise<LeadInsight[]> {
  const rows = await db
    .selectFrom('lead_insights')
    .select(['id', 'body', 'author_name', 'author_role', 'created_at'])
    .where('lead_id', '=', leadId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    authorName: row.author_name,
    authorRole: row.author_role,
    createdAt: row.created_at,
  }));
}

export async function addInsight(db: Db, author: CurrentUser, leadId: string, body: string, now: Date): Promise<LeadInsight> {
  const insight = {
    id: randomUUID(),
    lead_id: leadId,
    author_user_id: author.id,
    author_name: author.name || author.email,
    author_role: author.role,
    body,
    created_at: now.toISOString(),
  };
  await db.insertInto('lead_insights').values(insight).execute();
  return { id: insight.id, body, authorName: insight.author_name, authorRole: insight.author_role, createdAt: insight.created_at };
}

export async function assignedContractors(db: Db, leadId: string) {
  return db
    .selectFrom('assignments')
    .innerJoin('contractors', 'contractors.id', 'assignments.contractor_id')
    .select(['contractors.id', 'contractors.name', 'contractors.email'])
    .where('assignments.lead_id', '=', leadId)
    .orderBy('assignments.assigned_at')
    .execute();
}

export async function buildDossier(db: Db, lead: Lead): Promise<LeadDossier> {
  const [images, town, profile, contractors, notes, history, factors] = await Promise.all([
    dossierImageKeys(db, lead),
    db.selectFrom('service_area_zips').select('town').where('zip', '=', lead.zip).executeTakeFirst(),
    lead.user_id ? db.selectFrom('users').select('image').where('id', '=', lead.user_id).executeTakeFirst() : undefined,
    assignedContractors(db, lead.id),
    listInsights(db, lead.id),
    designHistory(db, lead),
    explainLeads(db, [lead]),
  ]);
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    emailConfirmed: lead.email_confirmed,
    phone: lead.phone,
    profilePhoto: profile?.image ?? null,
    // The product does not collect a street address or a home value yet; the card says so.
    address: null,
    zipCode: lead.zip,
    town: town?.town ?? null,
    homeValue: null,
    budget: lead.budget,
    zipIncomeTier: zipIncomeTier(lead.zip),
    intentScore: intentLabel(lead.intent_score),
    engagementScore: lead.engagement_score,
    intentScoreValue: lead.intent_score,
    leadQualityScore: lead.lead_quality_score,
    probabilityToCloseScore: lead.probability_to_close_score,
    roomType: lead.room_type,
    style: lead.style,
    wantsQuote: lead.wants_quote,
    status: lead.status,
    createdAt: lead.created_at,
    assignedContractorId: lead.assigned_contractor_id,
    beforeImage: images.before ? dossierImageUrl(lead.id, 'before') : null,
    afterImage: images.after ? dossierImageUrl(lead.id, 'after') : null,
    afterLabel: afterImageLabel(images.credit),
    designHistory: history,
    contractorNotes: notes,
    assignedContractors: contractors.map(({ id, name }) => ({ id, name })),
    // Why each score is what it is, worked out now from the lead's signals.
    score_factors: factors.get(lead.id) ?? EMPTY_SCORE_FACTORS,
  };
}
