// Who may call what, over EVERY API route the app registers: the table below classifies each one, a test
// fails when a route is added without a row (so no route is ever forgotten), and each class is checked
// for an anonymous caller, a homeowner, a contractor and an admin. A contractor's access to another
// contractor's lead is covered route by route in lead-dossier.test.ts and contractor-portal.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackOfficeApp, personWithRole, type BackOfficeHarness, type Person } from './admin-harness';

/**
 * public: anyone (answers without a session); user: any signed-in person; contractor: contractors only;
 * staff: admins and the lead's contractor; admin: admins only.
 */
type Access = 'public' | 'user' | 'contractor' | 'staff' | 'admin';

const ROUTES: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/engines': 'public',
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',
  'POST /api/zip/check': 'public',
  'POST /api/contact': 'public',
  'POST /api/contractor-applications': 'public',
  'POST /api/newsletter/subscribe': 'public',
  'GET /api/newsletter/confirm': 'public',
  'GET /api/email/unsubscribe': 'public',
  'GET /api/email/confirmed': 'public',
  'POST /api/events/batch': 'public',
  'POST /api/feedback/submit': 'public',
  'GET /api/consent/quote': 'public',
  'GET /api/testimonials': 'public',
  'GET /api/marketing-claims': 'public',
  'GET /api/hero/:leadId/:file': 'public',
  'GET /api/admin/hero': 'admin',
  'PUT /api/admin/hero': 'admin',
  'GET /api/admin/leads/:leadId/assignment-options': 'admin',
  'GET /api/admin/overdue-assignments': 'admin',
  'POST /api/admin/assignments/:id/resend-notification': 'admin',
  'POST /api/contractor/leads/:leadId/disputes': 'contractor',
  'GET /api/admin/disputes': 'admin',
  'POST /api/admin/disputes/:id/decision': 'admin',
  'GET /api/admin/contractors/:id/statement': 'admin',
  'GET /api/admin/contractors/:id/statement.csv': 'admin',
  'GET /api/admin/contractors/:id/statement.pdf': 'admin',
  'GET /api/contractor/statement': 'contractor',
  'GET /api/contractor/statement.csv': 'contractor',
  'GET /api/contractor/statement.pdf': 'contractor',
  'GET /api/admin/revenue': 'admin',
  'DELETE /api/debug-test-lead/:id': 'admin',
  'GET /api/public/designs/:id/:side': 'public',
  'GET /api/t/c/:id': 'public',
  'GET /api/t/o/:id.gif': 'public',
  'GET /api/contractor-invitations/by-token/:token': 'public',
  'POST /api/contractor-invitations/accept': 'public',
  // The phone side of a QR upload: the single-use token in the URL is the credential.
  'GET /api/upload-links/by-token/:token': 'public',
  'POST /api/upload-links/by-token/:token/photo': 'public',
  'GET /designs/:id': 'public',
  // Replicate's calls: the signature is the credential (replicate-webhook tests).
  'POST /api/webhooks/replicate': 'public',

  // The community feed is for signed-in homeowners (likes and comments are per person).
  'GET /api/feed': 'user',
  'GET /api/feed/:id/:side': 'user',
  'GET /api/feed/:id/comments': 'user',
  'GET /api/profile': 'user',
  'GET /api/account/export': 'user',
  'GET /api/my-designs': 'user',
  'DELETE /api/my-designs/:id': 'user',
  'POST /api/account/confirmation-email': 'user',
  'POST /api/admin/feedback/:id/quote': 'admin',
  'DELETE /api/account': 'user',
  'POST /api/uploads': 'user',
  'GET /api/uploads/:id/image': 'user',
  'POST /api/upload-links': 'user',
  'GET /api/upload-links/:id': 'user',
  'POST /api/renders': 'user',
  'GET /api/renders/:id': 'user',
  'GET /api/designs/:designId': 'user',
  'POST /api/designs/:designId/variations': 'user',
  'POST /api/designs/:designId/refinements': 'user',
  'PUT /api/designs/:designId/pick': 'user',
  'DELETE /api/renders/:id': 'user',
  'GET /api/renders/:id/events': 'user',
  'GET /api/renders/:id/preview': 'user',
  'GET /api/renders/:id/result': 'user',
  'POST /api/generate-stable-diffusion': 'user',
  'POST /api/generate-architectural-vision': 'user',
  'POST /api/send-email': 'user',
  'POST /api/quotes': 'user',
  'POST /api/feed/:id/comments': 'user',
  'DELETE /api/feed/comments/:id': 'user',
  'PUT /api/feed/:id/like': 'user',
  'DELETE /api/feed/:id/like': 'user',

  'GET /api/contractor/leads': 'contractor',
  'GET /api/contractor/leads/:id/:side': 'contractor',
  'PUT /api/contractor/leads/:leadId/status': 'contractor',

  'GET /api/leads/:leadId/dossier': 'staff',
  'GET /api/leads/:leadId/dossier.pdf': 'staff',
  'GET /api/leads/:leadId/dossier/:side': 'staff',
  'GET /api/leads/:leadId/insights': 'staff',
  'POST /api/leads/:leadId/insights': 'staff',
  // The seed's call: admins, and contractors for their own leads (admin-authorization.test.ts).
  'PUT /api/leads/update-status': 'staff',

  'POST /api/leads/:leadId/dossier/email': 'admin',
  'POST /api/leads/assign-manually': 'admin',
  'GET /api/leads/get-assignments': 'admin',
  'POST /api/recalculate-lead-scores': 'admin',
  'GET /api/admin/lead-score-recalculation': 'admin',
  'POST /api/admin/add-contractor': 'admin',
  'GET /api/admin/contractor-applications': 'admin',
  'POST /api/admin/contractor-applications/:id/approve': 'admin',
  'POST /api/admin/contractor-applications/:id/reject': 'admin',
  'POST /api/admin/contractor-invitations': 'admin',
  'DELETE /api/admin/delete-user': 'admin',
  'GET /api/admin/eligible-contractors': 'admin',
  'GET /api/admin/export-leads': 'admin',
  'PUT /api/admin/feed/:id/hidden': 'admin',
  'GET /api/admin/get-all-contractors': 'admin',
  'GET /api/admin/get-all-feedback': 'admin',
  'GET /api/admin/get-all-leads': 'admin',
  'GET /api/admin/get-all-users': 'admin',
  'GET /api/admin/get-dashboard-summary': 'admin',
  'GET /api/admin/lead-scoring-model': 'admin',
  'GET /api/admin/home-summary': 'admin',
  'GET /api/admin/service-area': 'admin',
  'POST /api/admin/service-area': 'admin',
  'DELETE /api/admin/service-area/:zip': 'admin',
  'GET /api/admin/settings': 'admin',
  'PUT /api/admin/settings': 'admin',
  'GET /api/admin/system-status': 'admin',
  'GET /api/admin/ai-budget': 'admin',
  'POST /api/admin/system-status/test-email': 'admin',
  'PUT /api/admin/update-contractor': 'admin',
  'PUT /api/admin/update-user-role': 'admin',
  'GET /api/admin/users/:userId/export': 'admin',
  'GET /api/debug-env': 'admin',
  'GET /api/debug-supabase': 'admin',
  'GET /api/debug-replicate': 'admin',
  'POST /api/setup-feedback-table': 'admin',
  'POST /api/apply-feedback-migration': 'admin',
  'POST /api/notify-contractor': 'admin',
};

let harness: BackOfficeHarness;
let people: { homeowner: Person; contractor: Person };

beforeAll(async () => {
  harness = await createBackOfficeApp();
  people = { homeowner: await personWithRole(harness, 'homeowner'), contractor: await personWithRole(harness, 'contractor') };
});
afterAll(() => harness.close());

const apiRoutes = () => harness.app.routeList.filter((route) => route.url.startsWith('/api/') || route.url === '/designs/:id');

/** A concrete URL for a route pattern: every parameter becomes a fresh id (or a valid-looking ZIP). */
function concrete(url: string) {
  return url
    .replace(':zip', '01999')
    .replace(':side', 'after')
    .replace(/:(\w+)/g, () => randomUUID());
}

function call(key: string, headers: Record<string, string>) {
  const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const path = url.endsWith('*') ? url.replace('*', 'get-session') : concrete(url);
  return harness.app.inject({ method, url: path, headers, ...(method === 'GET' ? {} : { payload: {} }) });
}

describe('the authorisation table', () => {
  it('classifies every API route the app registers, and no route that is gone', () => {
    const registered = apiRoutes().map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((key) => !(key in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((key) => !registered.includes(key))).toEqual([]);
  });

  /** Every route of the given classes whose answer for this caller is not the expected status. */
  async function mismatches(classes: Access[], headers: Record<string, string>, expected: (status: number) => boolean) {
    const wrong: string[] = [];
    for (const [key, access] of Object.entries(ROUTES)) {
      if (!classes.includes(access)) continue;
      const status = (await call(key, headers)).statusCode;
      if (!expected(status)) wrong.push(`${key} → ${status}`);
    }
    return wrong;
  }

  it('answers 401 to an anonymous caller on every route that is not public', async () => {
    expect(await mismatches(['user', 'contractor', 'staff', 'admin'], {}, (status) => status === 401)).toEqual([]);
  });

  it('answers 403 to a homeowner on staff and admin routes', async () => {
    expect(await mismatches(['staff', 'admin'], people.homeowner.headers, (status) => status === 403)).toEqual([]);
  });

  it("shows a homeowner the contractor dashboard's 'No data available' (or 403 for a change), never data", async () => {
    // Seed 001: the dashboard only needs a session; without a contractor record there is nothing to show.
    expect(await mismatches(['contractor'], people.homeowner.headers, (status) => status === 404 || status === 403)).toEqual([]);
  });

  it('answers 403 to a contractor on admin routes', async () => {
    expect(await mismatches(['admin'], people.contractor.headers, (status) => status === 403)).toEqual([]);
  });

  it('never answers 401 or 403 to a signed-in admin on an admin route', async () => {
    expect(await mismatches(['admin'], harness.admin.headers, (status) => status !== 401 && status !== 403)).toEqual([]);
  });

  it('lets anyone reach the public routes without a session', async () => {
    expect(await mismatches(['public'], {}, (status) => status !== 401 && status !== 403)).toEqual([]);
  });
});
