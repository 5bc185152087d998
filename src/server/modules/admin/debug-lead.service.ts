// The debug panel's test lead (POST /api/notify-contractor): a lead made from a posted body, scored like
// every lead, and handed to automatic assignment, so the whole contractor-notification path runs.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ROOM_TYPE_KEYS, TEST_LEAD_CONSENT_VERSION } from '#shared/constants';
import { emailSchema } from '#shared/auth.schema';
import { PRODUCT_MESSAGES } from '#shared/messages';
import type { Db } from '#server/db/database';
import { autoAssignOnQuote, type AssignmentDeps, type AutoAssignOutcome } from '#server/modules/assignments/assignment.service';
import { refreshLeadScores } from '#server/modules/scoring/refresh-lead-scores';
import { nowOf } from '#server/infra/clock';
import { findLead, insertLead } from '#server/modules/leads/leads.repository';
import { assignmentsOn } from '#server/modules/assignments/assignment.store';
import type { NotificationDeps } from '#server/modules/assignments/lead-notification';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

// The seed's client posts the lead as it knows it; camelCase spellings are taken too.
const ALIASES: Record<string, string> = { zipCode: 'zip', roomType: 'room_type', wantsQuote: 'wants_quote' };
export const debugLeadSchema = z.preprocess(
  (body) =>
    body && typeof body === 'object' && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body).map(([key, value]) => [ALIASES[key] ?? key, value]))
      : body,
  z.object({
    name: optionalText(120),
    email: emailSchema,
    phone: optionalText(40),
    zip: z
      .string({ error: PRODUCT_MESSAGES.zipFormat })
      .trim()
      .regex(/^\d{5}$/, PRODUCT_MESSAGES.zipFormat),
    room_type: z
      .enum(ROOM_TYPE_KEYS)
      .nullish()
      .transform((value) => value ?? null),
    style: optionalText(120),
    wants_quote: z.boolean().default(true),
  }),
);
export type DebugLead = z.output<typeof debugLeadSchema>;

export async function createDebugLead(
  db: Db,
  deps: AssignmentDeps & NotificationDeps,
  input: DebugLead,
): Promise<{ id: string; score: number; assignment: AutoAssignOutcome }> {
  const now = nowOf(deps).toISOString();
  const lead = {
    ...input,
    email: input.email.toLowerCase(),
    subscribe: false,
    timeline: null,
    budget: null,
    render_count: 0,
    is_repeat_visitor: false,
  };
  const id = randomUUID();
  // A test lead the admin made: its consent record says exactly that, so the lead can be assigned like a real one.
  const consent = {
    consent_version: TEST_LEAD_CONSENT_VERSION,
    consent_text: 'Test lead created by an admin from the System status tab; no homeowner gave consent.',
    consent_at: now,
    consent_ip: null,
    consent_user_agent: null,
  };
  await insertLead(db, { id, ...lead, ...consent, quote_requested_at: input.wants_quote ? now : null, created_at: now, updated_at: now });
  // Scored like every lead; here a failure should show, so not the quiet variant.
  await refreshLeadScores(db, { leadIds: [id] }, new Date(now));
  const scored = await findLead(db, id);
  const assignment = input.wants_quote
    ? await autoAssignOnQuote(assignmentsOn(db, deps), id, deps)
    : ({ assigned: false, reason: 'off' } as const);
  return { id, score: scored!.lead_score, assignment };
}
