// Back-office settings: GET/PUT /api/admin/settings (automatic assignment of quote requests: off, round
// robin or next in line; contractors per lead, the response deadline and automatic reassignment), and the service area: GET/POST /api/admin/service-area and
// DELETE /api/admin/service-area/:zip (a ZIP is switched off, never removed: leads and contractors refer to it).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_MESSAGES, ADMIN_MESSAGES } from '#shared/messages';
import { notFound } from '#server/http/errors';
import { AUTO_ASSIGNMENT_MODES, LEAD_BUSINESS } from '#shared/constants';
import { readAssignmentSettings, saveAssignmentSettings } from '#server/modules/assignments/assignment-settings.repository';
import { adminOnly } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { deactivateZip, listServiceArea, saveServedZip } from '#server/modules/service-area/service-area.repository';
import {
  settingsResponseSchema,
  serviceAreaResponseSchema,
  serviceAreaZipResponseSchema,
  okResponseSchema,
} from '#shared/back-office.schema';

const whole = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number from ${min} to ${max}` })
    .int(`${field} must be a whole number from ${min} to ${max}`)
    .min(min, `${field} must be a whole number from ${min} to ${max}`)
    .max(max, `${field} must be a whole number from ${min} to ${max}`);

/** Any of the settings; those left out keep their value. */
const settingsSchema = z
  .object({
    autoAssignment: z
      .enum(AUTO_ASSIGNMENT_MODES, { error: `autoAssignment must be one of ${AUTO_ASSIGNMENT_MODES.join(', ')}` })
      .optional(),
    maxContractorsPerLead: whole('maxContractorsPerLead', 1, LEAD_BUSINESS.maxContractorsPerLeadLimit).optional(),
    responseDeadlineHours: whole('responseDeadlineHours', 1, 24 * 14).optional(),
    autoReassign: z.boolean({ error: 'autoReassign must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Nothing to save.' });

async function currentSettings(db: RouteDeps['db']) {
  const row = await readAssignmentSettings(db);
  return {
    autoAssignment: row.auto_assignment,
    maxContractorsPerLead: row.max_contractors_per_lead,
    responseDeadlineHours: row.response_deadline_hours,
    autoReassign: row.auto_reassign,
  };
}
const zip = z
  .string({ error: PRODUCT_MESSAGES.zipFormat })
  .trim()
  .regex(/^\d{5}$/, PRODUCT_MESSAGES.zipFormat);
const serviceAreaSchema = z.object({
  zip,
  town: z
    .string({ error: PRODUCT_MESSAGES.fieldRequired('Town') })
    .trim()
    .min(1, PRODUCT_MESSAGES.fieldRequired('Town'))
    .max(120, PRODUCT_MESSAGES.tooLong('Town', 120)),
});

export async function settingsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = clockOf(deps);

  routes.get('/api/admin/settings', { onRequest: adminOnly, schema: { response: { 200: settingsResponseSchema } } }, async () => {
    return { success: true as const, settings: await currentSettings(deps.db) };
  });

  routes.put(
    '/api/admin/settings',
    { onRequest: adminOnly, schema: { body: settingsSchema, response: { 200: settingsResponseSchema } } },
    async (request) => {
      const { autoAssignment, maxContractorsPerLead, responseDeadlineHours, autoReassign } = request.body;
      await saveAssignmentSettings(
        deps.db,
        {
          auto_assignment: autoAssignment,
          max_contractors_per_lead: maxContractorsPerLead,
          response_deadline_hours: responseDeadlineHours,
          auto_reassign: autoReassign,
        },
        now(),
      );
      return { success: true as const, settings: await currentSettings(deps.db) };
    },
  );

  routes.get('/api/admin/service-area', { onRequest: adminOnly, schema: { response: { 200: serviceAreaResponseSchema } } }, async () => {
    const zips = await listServiceArea(deps.db);
    return { success: true as const, zips };
  });

  routes.post(
    '/api/admin/service-area',
    { onRequest: adminOnly, schema: { body: serviceAreaSchema, response: { 200: serviceAreaZipResponseSchema } } },
    async (request) => {
      const { zip: code, town } = request.body;
      // Adding a ZIP that was switched off switches it on again, with the town as given now.
      const saved = await saveServedZip(deps.db, code, town, now().toISOString());
      return { success: true as const, zip: saved };
    },
  );

  routes.delete(
    '/api/admin/service-area/:zip',
    { onRequest: adminOnly, schema: { params: z.object({ zip }), response: { 200: okResponseSchema } } },
    async (request) => {
      if (!(await deactivateZip(deps.db, request.params.zip))) throw notFound(ADMIN_MESSAGES.zipNotFound);
      return { success: true as const };
    },
  );
}
