// The admin panel's read calls: the dashboard summary (cards, funnel, leads per Massachusetts day,
// activity), the leads table (paging, search, filter, sort, assigned contractor), the users and feedback
// tabs, and the date window every one of them shares.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_STATUSES } from '#shared/constants';
import { LEAD_SORTS } from '#server/modules/leads/lead-lists.repository';
import { createBackOfficeApp, insertContractor, insertLead, type BackOfficeHarness } from './admin-harness';

let harness: BackOfficeHarness;
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const get = (url: string) => harness.app.inject({ method: 'GET', url, headers: harness.admin.headers });
let contractorId: string;

beforeAll(async () => {
  harness = await createBackOfficeApp();
  const { db } = harness;
  contractorId = await insertContractor(db, { name: 'Acme Builders', zips: ['01701'], conversion_rate: 40 });
  await insertContractor(db, { name: 'Idle Co', is_active_subscriber: false, conversion_rate: 90 });
  await insertContractor(db, { name: 'Busy Co', conversion_rate: 20 });
  // Recent leads: one per status, at known ages and scores.
  const recent: Array<[(typeof LEAD_STATUSES)[number], number, number]> = [
    ['new', 2, 80],
    ['unqualified', 3, 10],
    ['assigned', 20, 60],
    ['contacted', 20, 50],
    ['quoted', 60, 40],
    ['converted', 60, 90],
    ['dead', 200, 20],
  ];
  for (const [status, age, probability] of recent) {
    await insertLead(db, {
      status,
      created_at: daysAgo(age),
      probability_to_close_score: probability,
      lead_score: probability,
      name: `Person ${status}`,
      email: `${status}@example.com`,
      assigned_contractor_id: status === 'assigned' ? contractorId : null,
    });
  }
  // Around one Massachusetts day, 10 March 2025 (the day after daylight saving began: UTC−4).
  for (const at of ['2025-03-10T03:30:00.000Z', '2025-03-10T05:00:00.000Z', '2025-03-11T03:59:00.000Z', '2025-03-11T04:00:00.000Z']) {
    await insertLead(db, { created_at: at, email: `march-${at}@example.com`, style: 'Coastal New England', zip: '01760' });
  }
  const events: Array<[string, string, object]> = [
    ['login', '2025-03-10T12:00:00.000Z', {}],
    ['login', '2025-03-10T13:00:00.000Z', {}],
    ['ai_render', '2025-03-10T14:00:00.000Z', {}],
    ['email_submit', '2025-03-10T15:00:00.000Z', {}],
    ['time_spent', '2025-03-10T16:00:00.000Z', { time_spent_ms: 60_000 }],
    ['time_spent', '2025-03-10T17:00:00.000Z', { time_spent_ms: 30_500 }],
    ['login', '2025-03-12T12:00:00.000Z', {}],
  ];
  for (const [type, at, metadata] of events) {
    await db
      .insertInto('user_events')
      .values({ id: randomUUID(), event_type: type as 'login', metadata: JSON.stringify(metadata), created_at: at })
      .execute();
  }
});
afterAll(() => harness.close());

describe('GET /api/admin/get-dashboard-summary', () => {
  it('sums up the leads, users and contractors of the window, with the funnel', async () => {
    const response = await get('/api/admin/get-dashboard-summary?dateRange=30d');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.leads).toEqual({
      totalLeads: 4,
      newLeads: 1,
      convertedLeads: 0,
      assignedLeads: 1,
      quotedLeads: 0,
      avgProbabilityScore: 50,
    });
    expect(data.funnel.counts).toEqual({ new: 1, assigned: 1, contacted: 1, quoted: 0, converted: 0, dead: 0, unqualified: 1 });
    expect(data.funnel).toMatchObject({ conversionRate: 0, assignmentRate: 50, responseRate: 50 });
    expect(data.users).toEqual({ totalUsers: 1, homeowners: 0, contractors: 0, admins: 1 });
    expect(data.contractors).toEqual({ totalContractors: 3, activeSubscribers: 2, avgConversionRate: 30, medianResponseHours: null });

    const ninety = (await get('/api/admin/get-dashboard-summary?dateRange=90d')).json().data;
    expect(ninety.leads).toMatchObject({ totalLeads: 6, convertedLeads: 1, quotedLeads: 1 });
    expect(ninety.funnel).toMatchObject({ conversionRate: 16.67, assignmentRate: 66.67, responseRate: 75 });

    const all = (await get('/api/admin/get-dashboard-summary')).json().data;
    expect(all.leads.totalLeads).toBe(11);
    expect(Object.keys(all.funnel.counts)).toEqual([...LEAD_STATUSES]);
  });

  it('counts leads per Massachusetts day and the activity of a custom window', async () => {
    const { data } = (await get('/api/admin/get-dashboard-summary?startDate=2025-03-09&endDate=2025-03-11')).json();
    expect(data.leadsPerDay).toEqual([
      { date: '2025-03-09', count: 1 },
      { date: '2025-03-10', count: 2 },
      { date: '2025-03-11', count: 1 },
    ]);
    const oneDay = (await get('/api/admin/get-dashboard-summary?startDate=2025-03-10&endDate=2025-03-10')).json().data;
    expect(oneDay.leads.totalLeads).toBe(2);
    expect(oneDay.activity).toEqual({ logins: 2, renders: 1, emails: 1, timeOnSiteMs: 90_500 });
    expect(oneDay.users.totalUsers).toBe(0);
  });

  it.each([
    ['dateRange=1y', 'dateRange must be all, 7d, 30d or 90d.'],
    ['startDate=2025-02-30', 'startDate must be a date (YYYY-MM-DD) or an ISO date-time.'],
    ['endDate=yesterday', 'endDate must be a date (YYYY-MM-DD) or an ISO date-time.'],
    ['startDate=2025-03-12&endDate=2025-03-10', 'startDate must be on or before endDate.'],
    ['dateRange=7d&startDate=2025-03-10', 'Use either dateRange or startDate and endDate, not both.'],
  ])('refuses a bad window (%s) with 400', async (query, error) => {
    for (const path of [
      '/api/admin/get-dashboard-summary',
      '/api/admin/get-all-leads',
      '/api/admin/get-all-users',
      '/api/leads/get-assignments',
      '/api/admin/get-all-feedback',
    ]) {
      const response = await get(`${path}?${query}`);
      expect([path, response.statusCode]).toEqual([path, 400]);
      expect(response.json()).toMatchObject({ success: false, error });
    }
  });

  it('takes ISO date-times and open-ended windows', async () => {
    const since = (await get('/api/admin/get-all-leads?startDate=2025-03-10T05:00:00.000Z&endDate=2025-03-11T03:59:00.000Z')).json();
    expect(since.leads.map((lead: { created_at: string }) => lead.created_at)).toEqual([
      '2025-03-11T03:59:00.000Z',
      '2025-03-10T05:00:00.000Z',
    ]);
    // Up to the end of 10 March in Massachusetts: three of the four March leads.
    const until = (await get('/api/admin/get-all-leads?endDate=2025-03-10')).json();
    expect(until.total).toBe(3);
    const cleared = (await get('/api/admin/get-all-leads?dateRange=all&startDate=&endDate=')).json();
    expect(cleared.total).toBe(11);
  });
});

describe('GET /api/admin/get-all-leads', () => {
  it('answers every lead field with the assigned contractor, newest first', async () => {
    const response = await get('/api/admin/get-all-leads?dateRange=90d');
    const body = response.json();
    expect(body).toMatchObject({ success: true, total: 6, totalCapped: false, page: 1, pageSize: 50 });
    const times = body.leads.map((lead: { created_at: string }) => lead.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.leads[0].status).toBe('new');
    const assigned = body.leads.find((lead: { status: string }) => lead.status === 'assigned');
    expect(Object.keys(assigned).sort()).toEqual(
      [
        'id',
        'name',
        'email',
        'email_confirmed',
        'phone',
        'zip',
        'room_type',
        'style',
        'wants_quote',
        'status',
        'created_at',
        'render_count',
        'social_engaged',
        'is_repeat_visitor',
        'probability_to_close_score',
        'intent_score',
        'lead_quality_score',
        'engagement_score',
        'lead_score',
        'image_url',
        'ai_url',
        'assigned_contractor_id',
        'contractors',
        'score_factors',
      ].sort(),
    );
    // Every score explains itself, worked out from the lead's signals when the page is read.
    expect(Object.keys(assigned.score_factors).sort()).toEqual(['close', 'engagement', 'intent', 'quality']);
    expect(assigned.score_factors.quality.length).toBeGreaterThan(0);
    expect(assigned).toMatchObject({
      assigned_contractor_id: contractorId,
      contractors: { name: 'Acme Builders' },
      wants_quote: false,
      social_engaged: false,
    });
    expect(body.leads.find((lead: { status: string }) => lead.status === 'new').contractors).toBeNull();
  });

  it('pages, searches, filters and sorts', async () => {
    const pages = [1, 2, 3].map((page) => get(`/api/admin/get-all-leads?pageSize=4&page=${page}`));
    const [first, second, third] = await Promise.all(pages).then((responses) => responses.map((response) => response.json()));
    expect([first.leads.length, second.leads.length, third.leads.length]).toEqual([4, 4, 3]);
    const ids = [...first.leads, ...second.leads, ...third.leads].map((lead: { id: string }) => lead.id);
    expect(new Set(ids).size).toBe(11);
    expect(third).toMatchObject({ total: 11, page: 3, pageSize: 4 });

    const byScore = (await get('/api/admin/get-all-leads?dateRange=90d&sort=probability_to_close_score&order=asc')).json();
    expect(byScore.leads.map((lead: { probability_to_close_score: number }) => lead.probability_to_close_score)).toEqual([
      10, 40, 50, 60, 80, 90,
    ]);

    expect((await get('/api/admin/get-all-leads?search=PERSON%20CONV')).json().leads.map((lead: { email: string }) => lead.email)).toEqual([
      'converted@example.com',
    ]);
    expect((await get('/api/admin/get-all-leads?search=coastal')).json().total).toBe(4);
    expect((await get('/api/admin/get-all-leads?search=0176')).json().total).toBe(4);
    expect((await get('/api/admin/get-all-leads?search=DEAD@EXAMPLE')).json().total).toBe(1);
    // % and _ are searched for literally.
    expect((await get('/api/admin/get-all-leads?search=%25')).json().total).toBe(0);
    expect((await get('/api/admin/get-all-leads?status=assigned')).json().leads.map((lead: { status: string }) => lead.status)).toEqual([
      'assigned',
    ]);
    expect((await get('/api/admin/get-all-leads?status=all')).json().total).toBe(11);
  });

  // A page's leads are picked by their sort value and id before their rows are read (lead-lists.repository.ts): the
  // pages, walked three leads at a time, are the whole list in order, leads with equal scores included (the four March
  // leads share theirs).
  it.each(LEAD_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'pages through the list by %s %s, ties included',
    async (sort, order) => {
      const list = `/api/admin/get-all-leads?sort=${sort}&order=${order}`;
      const whole = (await get(`${list}&pageSize=200`)).json().leads as Array<Record<string, string | number>>;
      const paged = [];
      for (let page = 1; page <= 4; page++) paged.push(...(await get(`${list}&pageSize=3&page=${page}`)).json().leads);
      expect(paged.map((lead) => lead.id)).toEqual(whole.map((lead) => lead.id));
      expect(paged).toEqual(whole);
      const values = whole.map((lead) => lead[sort]);
      expect(values).toEqual([...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0) * (order === 'asc' ? 1 : -1)));
      expect(whole).toHaveLength(11);
    },
  );

  it.each(['pageSize=201', 'pageSize=0', 'page=0', 'page=x', 'sort=email', 'order=up', 'status=won'])(
    'refuses %s with 400',
    async (query) => {
      const response = await get(`/api/admin/get-all-leads?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    },
  );
});

describe('GET /api/admin/get-all-users', () => {
  it('lists users with their activity, in the window', async () => {
    const body = (await get('/api/admin/get-all-users?dateRange=7d')).json();
    expect(body.success).toBe(true);
    const admin = body.users.find((user: { email: string }) => user.email === harness.admin.email);
    expect(Object.keys(admin).sort()).toEqual(
      [
        'id',
        'email',
        'name',
        'role',
        'login_count',
        'ai_renderings_count',
        'total_time_on_site_ms',
        'last_login_at',
        'created_at',
        // The contractor record a login is linked to (issue 21); null for the admin.
        'contractor_name',
      ].sort(),
    );
    expect(admin).toMatchObject({
      id: harness.admin.id,
      role: 'admin',
      login_count: 1,
      ai_renderings_count: 0,
      total_time_on_site_ms: 0,
      contractor_name: null,
    });
    expect(typeof admin.last_login_at).toBe('string');
    expect((await get('/api/admin/get-all-users?startDate=2020-01-01&endDate=2020-12-31')).json().users).toEqual([]);
  });
});

describe('GET /api/admin/get-all-feedback', () => {
  it('lists feedback with its lead and sums it up', async () => {
    const { db } = harness;
    const leadId = await insertLead(db, { name: 'Fay Back', email: 'fay@example.com', room_type: 'bathroom', style: 'Modern Zen' });
    const rows: Array<[number, string | null, string | null, string]> = [
      [5, 'Lovely', leadId, daysAgo(1)],
      [4, '   ', null, daysAgo(2)],
      [4, null, null, daysAgo(3)],
      [1, 'Slow', null, daysAgo(40)],
    ];
    for (const [rating, comment, lead_id, created_at] of rows) {
      await db.insertInto('feedback').values({ id: randomUUID(), rating, comment, lead_id, source: 'email', created_at }).execute();
    }
    const body = (await get('/api/admin/get-all-feedback?dateRange=30d')).json();
    expect(body.stats).toEqual({ totalFeedback: 3, avgRating: 4.3, withComments: 1, ratings: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 } });
    expect(body.feedback[0]).toEqual({
      id: expect.any(String),
      leads: { name: 'Fay Back', email: 'fay@example.com', room_type: 'bathroom', style: 'Modern Zen' },
      rating: 5,
      comment: 'Lovely',
      source: 'email',
      created_at: expect.any(String),
      quote: { consent: false, name: null, town: 'Framingham', approved: false },
    });
    expect(body.feedback[1].leads).toBeNull();
    const all = (await get('/api/admin/get-all-feedback')).json();
    expect(all.stats).toMatchObject({ totalFeedback: 4, withComments: 2, ratings: { 1: 1 } });
  });
});
