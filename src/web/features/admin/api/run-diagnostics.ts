// The System status tab's diagnostics (the seed's debug panel, seed 001 §7), one call each: the database
// connection, the image engines, the feedback table, and a test lead inserted and deleted again.
import type { z } from 'zod';
import type {
  debugDatabaseResponseSchema,
  debugImageProviderResponseSchema,
  debugLeadResponseSchema,
  okResponseSchema,
  acknowledgedResponseSchema,
} from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/debug-supabase: whether the database answers, how fast, and the back office's row counts. */
export const testDatabaseConnection = () => apiRequest<z.infer<typeof debugDatabaseResponseSchema>>('GET', '/api/debug-supabase');

/** GET /api/debug-replicate: the seed's image-model probe. */
export const listImageEngines = () => apiRequest<z.infer<typeof debugImageProviderResponseSchema>>('GET', '/api/debug-replicate');

/** POST /api/setup-feedback-table: the feedback table can be read (the migrations own it). */
export const checkFeedbackTable = () => apiRequest<z.infer<typeof acknowledgedResponseSchema>>('POST', '/api/setup-feedback-table');

/** POST /api/notify-contractor: a scored test lead, handed to automatic assignment (free for whoever gets it). */
export const insertTestLead = (email: string) =>
  apiRequest<z.infer<typeof debugLeadResponseSchema>>('POST', '/api/notify-contractor', {
    name: 'Test Lead (System status)',
    email,
    zipCode: '01701',
    roomType: 'kitchen',
    style: 'Modern Farmhouse',
  });

/** DELETE /api/debug-test-lead/:id: removes a test lead made here. */
export const deleteTestLead = (id: string) =>
  apiRequest<z.infer<typeof okResponseSchema>>('DELETE', `/api/debug-test-lead/${encodeURIComponent(id)}`);
