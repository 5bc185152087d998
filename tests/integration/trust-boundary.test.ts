// Issue 16, tried as an attacker would, through the real app on SQLite and PostgreSQL: limits that
// cannot be dodged by another spelling of a path or a forged X-Forwarded-For, addresses confirmed before
// we mail anyone their photos, sizes on every name, the seeds' rules held by the server, and one lead
// and one email however many email steps arrive at once.
import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_STEP_MESSAGES, HOMEOWNER_MESSAGES, PRODUCT_MESSAGES } from '#shared/messages';
import type { RenderState } from '#shared/render.schema';
import { bearer, signIn, signUp } from '../helpers/auth';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';
import { insertContractor } from './admin-harness';

let harness: TestApp;
let origin: string;

beforeAll(async () => {
  harness = await createTestApp({ env: { RENDERS_PER_USER_PER_DAY: '200', RENDERS_PER_IP_PER_DAY: '400' } });
  origin = await harness.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => harness.close());

const db = () => harness.app.database.db;
const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** Sends the request line exactly as written (fetch and inject would normalise the path first). */
function rawRequest(
  method: string,
  target: string,
  body = '',
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(received.split(' ')[1]);
      resolve({ status, body: received.slice(received.indexOf('\r\n\r\n') + 4) });
    });
    const lines = [
      `${method} ${target} HTTP/1.1`,
      `host: ${url.host}`,
      'connection: close',
      'content-type: application/json',
      `content-length: ${Buffer.byteLength(body)}`,
    ];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

async function homeowner(options: { confirmed?: boolean; approvedZip?: string | null } = {}) {
  const email = unique('owner');
  // Each from its own address, so this file's many sign-ups stay under the per-IP sign-up limit.
  const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const { token } = await signUp(harness.app, { name: 'Pat Owner', email, password: 'secret1' }, { remoteAddress, ...options });
  return { email, token, headers: bearer(token) };
}

async function finishedRender(headers: Record<string, string>, roomType = 'kitchen', styleId = 'farmhouse-chic'): Promise<RenderState> {
  const photo = await readFile(path.resolve('../shared/fixtures/rooms/kitchen_2.jpg'));
  const upload = (
    await harness.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...headers, 'content-type': 'image/jpeg' }, payload: photo })
  ).json().upload;
  let render: RenderState = (
    await harness.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers,
      payload: { uploadId: upload.id, roomType, engine: 'structural-design-ai', styleId },
    })
  ).json().render;
  while (render.status !== 'succeeded' && render.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    render = (await harness.app.inject({ method: 'GET', url: `/api/renders/${render.id}`, headers })).json().render;
  }
  return render;
}

const emailStep = (person: { email: string; headers: Record<string, string> }, payload: Record<string, unknown>) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/send-email',
    headers: person.headers,
    payload: {
      email: person.email,
      name: 'Pat Owner <a href="https://phish.example">verify your bank</a>',
      phone: null,
      subscribe: false,
      zipCode: '01701',
      ...payload,
    },
  });

const mailTo = (email: string) =>
  db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email.toLowerCase()).orderBy('created_at').execute();

describe('1. a limit applies to the route that runs, however its path is spelled', () => {
  const SPELLINGS = [
    '/api/auth/./sign-in/email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/%2e/sign-in/email',
    '/api/auth/%2E%2E/auth/sign-in/email',
    '/api/auth//sign-in/email',
    '//api/auth/sign-in/email',
    '/api/auth/sign-in/%65mail',
    '/api/auth/sign-in%2Femail',
    '/api\\auth/sign-in/email',
    '/api/auth/sign-in/email/.',
    '/api/./feedback/submit',
    '/api/feedback/%73ubmit',
  ];

  it('refuses every spelling that needs normalising, before any route or rule sees it', async () => {
    for (const spelling of SPELLINGS) {
      const response = await rawRequest('POST', spelling, JSON.stringify({ email: 'a@example.com', password: 'x', rating: 5 }));
      expect(response.status, spelling).toBe(400);
      expect(JSON.parse(response.body), spelling).toMatchObject({ success: false, error: PRODUCT_MESSAGES.nonCanonicalPath });
    }
  });

  it('keeps a locked account locked: after ten wrong passwords every spelling is refused, the right password too', async () => {
    const person = await homeowner();
    const attempt = (target: string, password: string) => rawRequest('POST', target, JSON.stringify({ email: person.email, password }));
    for (let index = 0; index < 10; index += 1) expect((await attempt('/api/auth/sign-in/email', 'wrong-password')).status).toBe(401);
    expect((await attempt('/api/auth/sign-in/email', 'secret1')).status).toBe(429);
    for (const spelling of SPELLINGS.slice(0, 10)) {
      expect((await attempt(spelling, 'secret1')).status, spelling).not.toBe(200);
      expect((await attempt(spelling, 'wrong-password')).status, spelling).not.toBe(401);
    }
    // The query string and a fragment-free URL are the same route and count the same.
    expect((await attempt('/api/auth/sign-in/email?x=1', 'secret1')).status).toBe(429);
  });

  it('checks the sign-up rules on the endpoint better-auth runs', async () => {
    const response = await rawRequest(
      'POST',
      '/api/auth/sign-up/email?via=query',
      JSON.stringify({ name: '', email: unique('rule'), password: 'secret1' }),
    );
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).error).toBe(PRODUCT_MESSAGES.fullNameRequired);
  });

  it('answers an auth endpoint that does not exist (a trailing slash too) with a clear 404', async () => {
    for (const target of ['/api/auth/sign-in/email/', '/api/auth/no-such-endpoint']) {
      const response = await rawRequest('POST', target, JSON.stringify({ email: 'a@example.com', password: 'secret1' }));
      expect(response.status, target).toBe(404);
      expect(JSON.parse(response.body), target).toEqual({ success: false, error: PRODUCT_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
  });
});

describe('2. only the proxies TRUST_PROXY names speak for the client', () => {
  const subscribe = (app: TestApp['app'], forwardedFor: string, extra: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { 'x-forwarded-for': forwardedFor, ...extra },
      payload: { email: unique('news') },
    });

  it('ignores X-Forwarded-For by default: a new header does not reset a per-IP limit', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) statuses.push((await subscribe(harness.app, `203.0.113.${index}`)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('believes the one load balancer when TRUST_PROXY=1, and nothing further back', async () => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      for (let index = 0; index < 10; index += 1) expect((await subscribe(behindProxy.app, `198.51.100.7`)).statusCode).toBe(200);
      expect((await subscribe(behindProxy.app, '198.51.100.7')).statusCode).toBe(429);
      // Another client behind the same proxy has its own allowance; a forged hop in front of it changes nothing.
      expect((await subscribe(behindProxy.app, '198.51.100.8')).statusCode).toBe(200);
      expect((await subscribe(behindProxy.app, '10.9.9.9, 198.51.100.7')).statusCode).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });

  it('does not let Host or X-Forwarded-Host make a foreign origin our own', async () => {
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/feedback/submit',
      headers: { origin: 'https://evil.example', host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      payload: { rating: 5 },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a TRUST_PROXY that would trust everyone, with a clear message', async () => {
    await expect(createTestApp({ env: { TRUST_PROXY: 'true' } })).rejects.toThrow(/TRUST_PROXY must be a hop count/);
  });
});

describe('3. no mail with anything a user typed or uploaded before the address is confirmed', () => {
  it('sends an unconfirmed address one short confirmation (no images, no user text), and the design email once the link is opened', async () => {
    const person = await homeowner({ confirmed: false });
    const render = await finishedRender(person.headers);
    const first = await emailStep(person, { designRequestId: render.id });
    expect(first.json()).toMatchObject({ success: true, message: EMAIL_STEP_MESSAGES.confirmAddressFirst(person.email) });
    // The browser still gets the unblurred result.
    expect((await harness.app.inject({ method: 'GET', url: `/api/renders/${render.id}/result`, headers: person.headers })).statusCode).toBe(
      200,
    );

    const lead = await db().selectFrom('leads').selectAll().where('design_request_id', '=', render.id).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ email_confirmed: false, design_email_pending: true });
    let mail = await mailTo(person.email);
    expect(mail.map((row) => row.kind)).toEqual(['email-confirmation']);
    expect(JSON.parse(mail[0].attachments)).toEqual([]);
    for (const body of [mail[0].html, mail[0].text, mail[0].subject]) {
      expect(body).not.toContain('Pat');
      expect(body).not.toContain('phish');
    }

    // Asked again (another render, the same day): no second confirmation, still no design email.
    const second = await finishedRender(person.headers);
    expect((await emailStep(person, { designRequestId: second.id })).statusCode).toBe(200);
    expect((await mailTo(person.email)).map((row) => row.kind)).toEqual(['email-confirmation']);

    // The owner opens the link: both design emails follow, with both images, and the leads say so.
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail[0].text)![0];
    const opened = await harness.app.inject({ method: 'GET', url: link.replace(harness.config.publicUrl, '') });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/api/email/confirmed');
    expect((await harness.app.inject({ method: 'GET', url: '/api/email/confirmed' })).body).toContain('Your email address is confirmed');
    mail = await mailTo(person.email);
    const designs = mail.filter((row) => row.kind === 'homeowner-design');
    expect(designs).toHaveLength(2);
    for (const design of designs) expect(JSON.parse(design.attachments)).toHaveLength(2);
    const leads = await db()
      .selectFrom('leads')
      .select(['email_confirmed', 'design_email_pending'])
      .where('user_id', 'is not', null)
      .where('email', '=', person.email)
      .execute();
    expect(leads).toEqual([
      { email_confirmed: true, design_email_pending: false },
      { email_confirmed: true, design_email_pending: false },
    ]);
  });

  it('sends a confirmed address its design email straight away', async () => {
    const person = await homeowner({ confirmed: true });
    const render = await finishedRender(person.headers);
    expect((await emailStep(person, { designRequestId: render.id })).json()).toMatchObject({
      success: true,
      message: EMAIL_STEP_MESSAGES.sent,
    });
    expect((await mailTo(person.email)).map((row) => row.kind)).toEqual(['homeowner-design']);
    expect(
      await db().selectFrom('leads').select('email_confirmed').where('design_request_id', '=', render.id).executeTakeFirstOrThrow(),
    ).toEqual({ email_confirmed: true });
  });

  it('limits better-auth’s own resend to one confirmation a day as well', async () => {
    const person = await homeowner({ confirmed: false });
    for (let index = 0; index < 3; index += 1) {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        payload: { email: person.email },
      });
      expect(response.statusCode).toBe(200);
    }
    expect((await mailTo(person.email)).map((row) => row.kind)).toEqual(['email-confirmation']);
  });

  it('says clearly when a confirmation link is broken', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=not-a-token&callbackURL=%2Fapi%2Femail%2Fconfirmed',
    });
    expect(response.statusCode).toBe(302);
    const page = await harness.app.inject({ method: 'GET', url: response.headers.location as string });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('This confirmation link is not valid');
  });
});

describe('3. the back office sees whether the address is confirmed, and the lead score counts it', () => {
  it('shows email_confirmed to the admin list, the dossier and the contractor, and adds it to the quality score once the link is opened', async () => {
    const person = await homeowner({ confirmed: false });
    const render = await finishedRender(person.headers);
    expect((await emailStep(person, { designRequestId: render.id })).statusCode).toBe(200);
    const leadId = (await db().selectFrom('leads').select('id').where('design_request_id', '=', render.id).executeTakeFirstOrThrow()).id;

    const admin = bearer((await signIn(harness.app, TEST_ADMIN)).token);
    const contractorUser = await homeowner();
    await db().updateTable('users').set({ role: 'contractor' }).where('email', '=', contractorUser.email.toLowerCase()).execute();
    const userId = (
      await db().selectFrom('users').select('id').where('email', '=', contractorUser.email.toLowerCase()).executeTakeFirstOrThrow()
    ).id;
    const contractorId = await insertContractor(db(), { user_id: userId, email: contractorUser.email });
    await db()
      .insertInto('assignments')
      .values({ id: randomUUID(), lead_id: leadId, contractor_id: contractorId, assignment_method: 'manual', email_sent: false })
      .execute();

    const views = async () => {
      const list = await harness.app.inject({
        method: 'GET',
        url: `/api/admin/get-all-leads?dateRange=all&search=${encodeURIComponent(person.email)}`,
        headers: admin,
      });
      const dossier = await harness.app.inject({ method: 'GET', url: `/api/leads/${leadId}/dossier`, headers: admin });
      const contractor = await harness.app.inject({ method: 'GET', url: '/api/contractor/leads', headers: contractorUser.headers });
      const pdf = await harness.app.inject({ method: 'GET', url: `/api/leads/${leadId}/dossier.pdf`, headers: contractorUser.headers });
      expect([list.statusCode, dossier.statusCode, contractor.statusCode, pdf.statusCode]).toEqual([200, 200, 200, 200]);
      const stored = await db().selectFrom('leads').select('lead_quality_score').where('id', '=', leadId).executeTakeFirstOrThrow();
      return {
        list: list.json().leads.find((lead: { id: string }) => lead.id === leadId).email_confirmed,
        dossier: dossier.json().dossier.emailConfirmed,
        contractor: contractor.json().leads.find((lead: { id: string }) => lead.id === leadId).email_confirmed,
        quality: stored.lead_quality_score,
        qualityFactors: (dossier.json().dossier.score_factors.quality as Array<{ label: string }>).map((factor) => factor.label),
      };
    };
    const before = await views();
    expect(before).toMatchObject({ list: false, dossier: false, contractor: false });
    expect(before.qualityFactors).not.toContain('Email address confirmed');

    const mail = (await mailTo(person.email)).find((row) => row.kind === 'email-confirmation')!;
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text)![0];
    expect((await harness.app.inject({ method: 'GET', url: link.replace(harness.config.publicUrl, '') })).statusCode).toBe(302);

    const after = await views();
    expect(after).toMatchObject({ list: true, dossier: true, contractor: true, quality: before.quality + 10 });
    expect(after.qualityFactors).toContain('Email address confirmed');
  });
});

describe('4. sizes on every name, and only our own profile images', () => {
  it('refuses a name over 100 characters at sign-up and on update-user', async () => {
    const longName = 'N'.repeat(101);
    const signUpResponse = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: longName, email: unique('long'), password: 'secret1' },
    });
    expect(signUpResponse.statusCode).toBe(400);
    expect(signUpResponse.json().error).toBe(PRODUCT_MESSAGES.tooLong('Full name', 100));
    const huge = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'N'.repeat(900_000), email: unique('huge'), password: 'secret1' },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe(PRODUCT_MESSAGES.tooLong('Full name', 100));

    const person = await homeowner();
    const update = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: person.headers,
      payload: { name: longName },
    });
    expect(update.statusCode).toBe(400);
    const fine = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: person.headers,
      payload: { name: 'Pat Owner-Smith' },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('accepts a profile image only as one of our upload URLs', async () => {
    const person = await homeowner();
    for (const image of [
      'javascript:alert(1)',
      'https://evil.example/a.png',
      '//evil.example/a.png',
      'data:image/png;base64,AAAA',
      '/api/uploads/../../x',
    ]) {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: person.headers,
        payload: { image },
      });
      expect(response.statusCode, image).toBe(400);
    }
    const signUpWithImage = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Pat', email: unique('img'), password: 'secret1', image: 'javascript:alert(1)' },
    });
    expect(signUpWithImage.statusCode).toBe(400);
    const own = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: person.headers,
      payload: { image: `/api/uploads/${randomUUID()}/image` },
    });
    expect(own.statusCode).toBe(200);
    // Nobody sets their own role or email through it.
    expect(
      (await harness.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: person.headers, payload: { role: 'admin' } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('5. time on site grows no faster than the clock', () => {
  it('caps each event, and credits a flood of batches with no more than the time that passed', async () => {
    const person = await homeowner();
    const timestamp = new Date().toISOString();
    const tooLong = await harness.app.inject({
      method: 'POST',
      url: '/api/events/batch',
      headers: person.headers,
      payload: { events: [{ type: 'time_spent', page: '/', time_spent_ms: 24 * 3600 * 1000, timestamp }] },
    });
    expect(tooLong.statusCode).toBe(400);
    const events = Array.from({ length: 50 }, () => ({ type: 'time_spent', page: '/', time_spent_ms: 12 * 3600 * 1000, timestamp }));
    // Sent at once, so they also cannot each claim the same stretch of time.
    const batches = await Promise.all(
      Array.from({ length: 5 }, () =>
        harness.app.inject({ method: 'POST', url: '/api/events/batch', headers: person.headers, payload: { events } }),
      ),
    );
    expect(batches.map((batch) => batch.statusCode)).toEqual(Array(5).fill(200));
    const { total_time_on_site_ms: total } = await db()
      .selectFrom('users')
      .select('total_time_on_site_ms')
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    // The first batch may reach back an hour before sign-up; the four after it add only the seconds that passed.
    expect(total).toBeLessThan(61 * 60 * 1000);
    expect(total).toBeGreaterThanOrEqual(60 * 60 * 1000);
  });
});

describe('6. a single-use QR link stores one photo, however many arrive at once', () => {
  it('claims the link before reading a photo: one upload, the rest 410', async () => {
    const person = await homeowner();
    const link = (await harness.app.inject({ method: 'POST', url: '/api/upload-links', headers: person.headers })).json().link;
    const token = String(link.url).split('/m/')[1];
    const photo = await readFile(path.resolve('../shared/fixtures/rooms/kitchen_2.jpg'));
    const before = await db().selectFrom('uploads').select('id').execute();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        harness.app.inject({
          method: 'POST',
          url: `/api/upload-links/by-token/${token}/photo`,
          headers: { 'content-type': 'image/jpeg' },
          payload: photo,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 410, 410, 410, 410]);
    const after = await db().selectFrom('uploads').select('id').execute();
    expect(after.length - before.length).toBe(1);
  });

  it('leaves the link usable when the photo is refused', async () => {
    const person = await homeowner();
    const link = (await harness.app.inject({ method: 'POST', url: '/api/upload-links', headers: person.headers })).json().link;
    const token = String(link.url).split('/m/')[1];
    const bad = await harness.app.inject({
      method: 'POST',
      url: `/api/upload-links/by-token/${token}/photo`,
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from('not a photo'),
    });
    expect(bad.statusCode).toBe(415);
    expect((await harness.app.inject({ method: 'GET', url: `/api/upload-links/by-token/${token}` })).statusCode).toBe(200);
  });

  it('limits how many links one person makes', async () => {
    const person = await homeowner();
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1)
      statuses.push((await harness.app.inject({ method: 'POST', url: '/api/upload-links', headers: person.headers })).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });
});

describe('7. an anonymous upload is refused before its body is read', () => {
  it('answers 401 to the headers alone', async () => {
    const url = new URL(origin);
    const status = await new Promise<number>((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname);
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        resolve(Number(chunk.toString('latin1').split(' ')[1]));
        socket.destroy();
      });
      // Five megabytes announced, not one byte sent: only an answer that ignores the body can arrive.
      socket.write(`POST /api/uploads HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: image/jpeg\r\ncontent-length: 5000000\r\n\r\n`);
    });
    expect(status).toBe(401);
  });
});

describe('the seeds’ rules, held by the server', () => {
  it('refuses a preset of the other room set, on /api/renders and on both seed endpoints', async () => {
    const person = await homeowner();
    const photo = await readFile(path.resolve('../shared/fixtures/rooms/kitchen_2.jpg'));
    const upload = (
      await harness.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...person.headers, 'content-type': 'image/jpeg' },
        payload: photo,
      })
    ).json().upload;
    const kitchenWithOutdoorPreset = await harness.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: person.headers,
      payload: { uploadId: upload.id, roomType: 'kitchen', engine: 'structural-design-ai', styleId: 'modern-zen' },
    });
    const livingRoomWithKitchenPreset = await harness.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: person.headers,
      payload: { uploadId: upload.id, roomType: 'living_room', engine: 'structural-design-ai', styleId: 'farmhouse-chic' },
    });
    for (const response of [kitchenWithOutdoorPreset, livingRoomWithKitchenPreset]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(PRODUCT_MESSAGES.styleNotForRoom);
    }
    const imageData = `data:image/jpeg;base64,${photo.toString('base64')}`;
    for (const url of ['/api/generate-stable-diffusion', '/api/generate-architectural-vision']) {
      const response = await harness.app.inject({
        method: 'POST',
        url,
        headers: person.headers,
        payload: { imageData, roomType: 'bathroom', selectedStyle: { id: 'farmhouse-chic', name: 'Farmhouse Chic' }, seed: 1 },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toBe(PRODUCT_MESSAGES.styleNotForRoom);
    }
  });

  it('needs the confirmed ZIP before an upload, a QR link or a render through the product API', async () => {
    const person = await homeowner({ approvedZip: null });
    const photo = await readFile(path.resolve('../shared/fixtures/rooms/kitchen_2.jpg'));
    const upload = await harness.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...person.headers, 'content-type': 'image/jpeg' },
      payload: photo,
    });
    const link = await harness.app.inject({ method: 'POST', url: '/api/upload-links', headers: person.headers });
    const render = await harness.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: person.headers,
      payload: { uploadId: randomUUID(), roomType: 'kitchen', engine: 'structural-design-ai', styleId: 'farmhouse-chic' },
    });
    for (const response of [upload, link, render]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(PRODUCT_MESSAGES.zipFirst);
    }
    // A ZIP outside the area at the gate does not open it either; one inside does.
    await harness.app.inject({ method: 'POST', url: '/api/zip/check', headers: person.headers, payload: { zip: '10001' } });
    expect((await harness.app.inject({ method: 'POST', url: '/api/upload-links', headers: person.headers })).statusCode).toBe(403);
    await harness.app.inject({ method: 'POST', url: '/api/zip/check', headers: person.headers, payload: { zip: '01760' } });
    expect((await harness.app.inject({ method: 'POST', url: '/api/upload-links', headers: person.headers })).statusCode).toBe(200);
  });

  it('refuses a feed quote from outside the service area with the seed’s message', async () => {
    const person = await homeowner();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: person.headers,
      payload: { inspirationId: 'example-2', zipCode: '10001', projectType: 'Kitchen', timeline: 'Ready now', budget: '$10k - $25k' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(HOMEOWNER_MESSAGES.feedQuoteNeedsZip);
    expect(await db().selectFrom('leads').select('id').where('email', '=', person.email).execute()).toEqual([]);
  });

  it('finds the render from afterImage for a client that sends its own designRequestId', async () => {
    const person = await homeowner();
    const render = await finishedRender(person.headers);
    for (const afterImage of [render.previewUrl, `${harness.config.publicUrl}${render.previewUrl}`]) {
      const response = await emailStep(person, { designRequestId: `client-${randomUUID()}`, afterImage });
      expect(response.statusCode, String(afterImage)).toBe(200);
    }
    expect(await db().selectFrom('leads').select('design_request_id').where('email', '=', person.email).execute()).toEqual([
      { design_request_id: render.id },
    ]);
    // Another homeowner's render URL finds nothing.
    const stranger = await homeowner();
    expect((await emailStep(stranger, { designRequestId: 'mine', afterImage: render.previewUrl })).statusCode).toBe(404);
  });
});

describe('races: one lead and one email however many email steps arrive at once', () => {
  it('answers all eight simultaneous email steps with 200, one lead and one mail', async () => {
    const person = await homeowner();
    const render = await finishedRender(person.headers);
    const responses = await Promise.all(Array.from({ length: 8 }, () => emailStep(person, { designRequestId: render.id })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    expect(await db().selectFrom('leads').select('id').where('design_request_id', '=', render.id).execute()).toHaveLength(1);
    expect((await mailTo(person.email)).filter((row) => row.kind === 'homeowner-design')).toHaveLength(1);
  });

  it('makes one lead of simultaneous feed quotes for the same design', async () => {
    const person = await homeowner();
    const quote = () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/quotes',
        headers: person.headers,
        payload: { inspirationId: 'example-2', zipCode: '01701', projectType: 'Kitchen', timeline: 'Ready now', budget: '$10k - $25k' },
      });
    const responses = await Promise.all(Array.from({ length: 6 }, quote));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(await db().selectFrom('leads').select('id').where('email', '=', person.email).execute()).toHaveLength(1);
  });
});

describe('bad input to the email step keeps its 4xx', () => {
  it('answers malformed JSON 400, a foreign content type 415 and a body over the limit 413, each with a message', async () => {
    const person = await homeowner();
    const send = (body: string, contentType = 'application/json') =>
      harness.app.inject({
        method: 'POST',
        url: '/api/send-email',
        headers: { ...person.headers, 'content-type': contentType },
        payload: body,
      });
    const malformed = await send('{"email":');
    const foreign = await send('email=a', 'application/x-www-form-urlencoded');
    const huge = await send(JSON.stringify({ email: person.email, beforeImage: 'x'.repeat(2 * 1024 * 1024) }));
    expect([malformed.statusCode, foreign.statusCode, huge.statusCode], malformed.body).toEqual([400, 415, 413]);
    expect(huge.json().error).toBe(HOMEOWNER_MESSAGES.failedToSendEmail(EMAIL_STEP_MESSAGES.tooLarge));
    for (const response of [malformed, foreign]) expect(response.json().error).toMatch(/^Failed to send email: /);
  });

  it('answers a repeated query parameter 400 and a NUL character 400, never 500', async () => {
    for (const url of [
      '/api/email/unsubscribe?email=a&email=b',
      '/api/newsletter/confirm?token=a&token=b',
      '/api/feed?filter=all&filter=nearby',
    ]) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
    }
    const feedback = await harness.app.inject({
      method: 'POST',
      url: '/api/feedback/submit',
      payload: { rating: 5, comment: 'bad\u0000byte' },
    });
    const contact = await harness.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A', email: 'a@example.com', message: 'x\u0000y' },
    });
    const search = await harness.app.inject({ method: 'GET', url: '/api/feed?cursor=%00' });
    for (const response of [feedback, contact, search]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(PRODUCT_MESSAGES.nulCharacter);
    }
  });
});
