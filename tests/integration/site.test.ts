// The public site's calls: ZIP gate, feedback, newsletter, contractor applications, contact, tracking,
// the admin home-page counts, and the marketing claims.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOMEOWNER_MESSAGES, PRODUCT_MESSAGES } from '#shared/messages';
import { bearer, signIn, signUp } from '../helpers/auth';
import { countClaimedFigures } from '#server/modules/marketing/marketing.repository';
import { finishedRender } from '../helpers/designs';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

let harness: TestApp;
let homeownerToken: string | undefined;
beforeAll(async () => {
  harness = await createTestApp();
  ({ token: homeownerToken } = await signUp(harness.app, { name: 'Zip Tester', email: 'zip@example.com', password: 'secret1' }));
});
afterAll(() => harness.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'POST', url, payload, headers });

describe('POST /api/zip/check', () => {
  it('accepts a MetroWest ZIP and remembers it for the signed-in user', async () => {
    const response = await post('/api/zip/check', { zip: '01701' }, bearer(homeownerToken));
    expect(response.json()).toEqual({ success: true, approved: true, zip: '01701', town: 'Framingham' });
    const profile = await harness.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(homeownerToken) });
    expect(profile.json().profile.approved_zip).toBe('01701');
  });

  it('refuses a ZIP outside the service area with the seed message', async () => {
    const response = await post('/api/zip/check', { zip: '10001' });
    expect(response.json()).toEqual({ success: true, approved: false, zip: '10001', message: HOMEOWNER_MESSAGES.zipNotApproved });
  });

  it.each(['1234', '123456', 'abcde', ''])('rejects the malformed ZIP %j', async (zip) => {
    const response = await post('/api/zip/check', { zip });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: PRODUCT_MESSAGES.zipFormat });
  });
});

describe('POST /api/feedback/submit', () => {
  it('stores anonymous feedback with a blank comment as null', async () => {
    const response = await post('/api/feedback/submit', {
      lead_id: null,
      rating: 4,
      comment: '   ',
      source: 'email',
      page_location: 'http://localhost/feedback?rating=4',
    });
    expect(response.json()).toMatchObject({ success: true });
    const row = await harness.app.database.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ rating: 4, comment: null, lead_id: null, source: 'email' });
  });

  it('ties feedback to a real lead and stores an unknown lead id anonymously', async () => {
    const leadId = randomUUID();
    await harness.app.database.db.insertInto('leads').values({ id: leadId, email: 'lead@example.com', zip: '01760' }).execute();
    const tied = await post('/api/feedback/submit', { lead_id: leadId, rating: 5, comment: 'Loved it' });
    const unknown = await post('/api/feedback/submit', { lead_id: 'no-such-lead', rating: 3 });
    const rows = await harness.app.database.db
      .selectFrom('feedback')
      .select(['id', 'lead_id'])
      .where('id', 'in', [tied.json().id, unknown.json().id])
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.lead_id]))).toEqual({ [tied.json().id]: leadId, [unknown.json().id]: null });
  });

  it.each([0, 6, 2.5, '4', null])('refuses the rating %j and stores nothing', async (rating) => {
    const before = await harness.app.database.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await post('/api/feedback/submit', { rating });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    const after = await harness.app.database.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a comment over 1000 characters', async () => {
    const response = await post('/api/feedback/submit', { rating: 5, comment: 'x'.repeat(1001) });
    expect(response.statusCode).toBe(400);
  });
});

describe('newsletter, contractor applications and contact', () => {
  it('stores a newsletter subscriber once', async () => {
    const first = await post('/api/newsletter/subscribe', { email: 'News@Example.com' });
    const second = await post('/api/newsletter/subscribe', { email: 'news@example.com' });
    expect(first.json()).toEqual({ success: true, message: PRODUCT_MESSAGES.newsletterThanks });
    expect(second.json()).toEqual({ success: true, message: PRODUCT_MESSAGES.newsletterAlready });
    const rows = await harness.app.database.db.selectFrom('newsletter_subscribers').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'news@example.com', status: 'pending' });

    // Double opt-in: one confirmation email, whose link confirms the subscription.
    const mails = await harness.app.database.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'newsletter-confirm').execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe('news@example.com');
    const link = new URL(mails[0].text.match(/(http\S+confirm\S+)/)![1]);
    expect((await harness.app.inject({ method: 'GET', url: '/api/newsletter/confirm?token=forged' })).statusCode).toBe(400);
    const confirm = await harness.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(confirm.statusCode).toBe(200);
    const confirmed = await harness.app.database.db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.confirmed_at).not.toBeNull();
  });

  it('refuses a bad email', async () => {
    const response = await post('/api/newsletter/subscribe', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(PRODUCT_MESSAGES.emailInvalid);
  });

  it('stores a contractor application for admins to review', async () => {
    const response = await post('/api/contractor-applications', {
      name: 'Sam Builder',
      company: 'Builder & Sons',
      email: 'sam@builder.example',
      phone: '508-555-0100',
      trade: 'Kitchen remodeling',
      serviceArea: 'Framingham, Natick',
      message: '',
    });
    expect(response.json()).toMatchObject({ success: true, message: PRODUCT_MESSAGES.contractorApplicationThanks });
    const row = await harness.app.database.db.selectFrom('contractor_applications').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company: 'Builder & Sons', status: 'new', message: null, service_area: 'Framingham, Natick' });
  });

  it('refuses an application without a company', async () => {
    const response = await post('/api/contractor-applications', {
      name: 'X',
      company: ' ',
      email: 'x@example.com',
      trade: 'Paint',
      serviceArea: 'Natick',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(PRODUCT_MESSAGES.fieldRequired('Company'));
  });

  it('stores a contact message', async () => {
    const response = await post('/api/contact', { name: 'Pat', email: 'pat@example.com', message: 'Do you serve Ashland?' });
    expect(response.json()).toMatchObject({ success: true });
    expect(await harness.app.database.db.selectFrom('contact_messages').selectAll().execute()).toHaveLength(1);
  });
});

describe('POST /api/events/batch', () => {
  const now = () => new Date().toISOString();

  it('records views and time over 10 s for a signed-in user, and adds the time to their total', async () => {
    const response = await post(
      '/api/events/batch',
      {
        events: [
          { type: 'view', page: '/', timestamp: now() },
          { type: 'time_spent', page: '/', time_spent_ms: 15_000, timestamp: now() },
          { type: 'time_spent', page: '/feedback', time_spent_ms: 4_000, timestamp: now() },
        ],
      },
      bearer(homeownerToken),
    );
    expect(response.json()).toEqual({ success: true, recorded: 2, skipped: 1 });
    const user = await harness.app.database.db
      .selectFrom('users')
      .select(['id', 'total_time_on_site_ms'])
      .where('email', '=', 'zip@example.com')
      .executeTakeFirstOrThrow();
    expect(user.total_time_on_site_ms).toBe(15_000);
    const events = await harness.app.database.db
      .selectFrom('user_events')
      .select(['event_type', 'metadata'])
      .where('user_id', '=', user.id)
      .where('event_type', '!=', 'login')
      .execute();
    expect(events.map((event) => event.event_type).sort()).toEqual(['time_spent', 'view']);
    expect(JSON.parse(events.find((event) => event.event_type === 'time_spent')!.metadata)).toMatchObject({
      page: '/',
      time_spent_ms: 15_000,
    });
  });

  it('skips events without a session, without an error', async () => {
    const response = await post('/api/events/batch', { events: [{ type: 'view', page: '/', timestamp: now() }] });
    expect(response.json()).toEqual({ success: true, recorded: 0, skipped: 1 });
  });

  it('accepts the text/plain body sendBeacon sends', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/events/batch',
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...bearer(homeownerToken) },
      payload: JSON.stringify({ events: [{ type: 'view', page: '/about', timestamp: now() }] }),
    });
    expect(response.json()).toMatchObject({ success: true, recorded: 1 });
  });
});

describe('GET /api/admin/home-summary', () => {
  it('gives admins the live counts and refuses everyone else', async () => {
    const anonymous = await harness.app.inject({ method: 'GET', url: '/api/admin/home-summary' });
    expect(anonymous.statusCode).toBe(401);
    const homeowner = await harness.app.inject({ method: 'GET', url: '/api/admin/home-summary', headers: bearer(homeownerToken) });
    expect(homeowner.statusCode).toBe(403);

    const { token } = await signIn(harness.app, TEST_ADMIN);
    const response = await harness.app.inject({ method: 'GET', url: '/api/admin/home-summary', headers: bearer(token) });
    expect(response.json()).toEqual({ success: true, data: { rendersToday: 0, newLeadsToday: 1, leadsAwaitingAssignment: 1 } });
  });
});

describe('GET /api/marketing-claims', () => {
  it('makes no claim the counts do not bear out, to anyone', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/marketing-claims' });
    expect(response.json()).toEqual({ success: true, claims: null });
  });

  it('counts homeowners and finished designs, not other people or unfinished renders', async () => {
    const db = harness.app.database.db;
    const before = await countClaimedFigures(db);
    const { token } = await signUp(harness.app, { name: 'Counted', email: 'counted@example.com', password: 'secret1' });
    await finishedRender(harness.app, bearer(token));
    const finished = await db.selectFrom('renders').selectAll().where('status', '=', 'succeeded').executeTakeFirstOrThrow();
    await db
      .insertInto('renders')
      .values({ ...finished, id: randomUUID(), status: 'failed' })
      .execute();
    expect(await countClaimedFigures(db)).toEqual({ homeowners: before.homeowners + 1, transformations: before.transformations + 1 });
  });
});
