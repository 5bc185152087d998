// Testimonials come from real feedback: one rating per lead (a second replaces the first), a quote only with
// the homeowner's permission (first name and town), only after an admin approves it, only on the page of the
// town whose ZIP codes the lead is in, and gone when the account is deleted.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '#shared/messages';
import { bearer, signIn, signUp } from '../helpers/auth';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

let harness: TestApp;
let admin: Record<string, string>;
const db = () => harness.app.database.db;

beforeAll(async () => {
  harness = await createTestApp({ env: { RATE_LIMITS: 'off' } });
  admin = bearer((await signIn(harness.app, TEST_ADMIN)).token);
});
afterAll(() => harness.close());

/** A homeowner's lead in a ZIP code, as the email step leaves it. */
async function leadIn(zip: string, userId: string | null = null) {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db()
    .insertInto('leads')
    .values({
      id,
      user_id: userId,
      email: `quoted-${id.slice(0, 8)}@example.com`,
      zip,
      room_type: 'kitchen',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const submit = (payload: Record<string, unknown>) => harness.app.inject({ method: 'POST', url: '/api/feedback/submit', payload });
const approve = (id: string, approved = true) =>
  harness.app.inject({ method: 'POST', url: `/api/admin/feedback/${id}/quote`, headers: admin, payload: { approved } });
const testimonials = async (town: string) =>
  (await harness.app.inject({ method: 'GET', url: `/api/testimonials?town=${town}` })).json().testimonials as {
    id: string;
    quote: string;
    name: string;
    town: string;
  }[];

describe('feedback and testimonials', () => {
  it('keeps one rating per lead: a second from the same link replaces the first', async () => {
    const lead = await leadIn('01701');
    const first = await submit({ lead_id: lead, rating: 2, comment: 'Slow' });
    const second = await submit({ lead_id: lead, rating: 5, comment: 'Actually great' });
    expect(second.json().id).toBe(first.json().id);
    const rows = await db().selectFrom('feedback').select(['rating', 'comment']).where('lead_id', '=', lead).execute();
    expect(rows).toEqual([{ rating: 5, comment: 'Actually great' }]);
  });

  it('needs a first name and words to quote before it accepts the permission', async () => {
    const lead = await leadIn('01701');
    const noName = await submit({ lead_id: lead, rating: 5, comment: 'Nice', quote_consent: true });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toBe(PRODUCT_MESSAGES.quoteNameNeeded);
    const noWords = await submit({ lead_id: lead, rating: 5, quote_consent: true, quote_name: 'Dana' });
    expect(noWords.json().error).toBe(PRODUCT_MESSAGES.quoteCommentNeeded);
  });

  it('shows an approved quote on its own town’s page only, and never an unapproved or unconsented one', async () => {
    const framingham = await leadIn('01702');
    const natick = await leadIn('01760');
    const quiet = await leadIn('01701');
    const quoted = (
      await submit({
        lead_id: framingham,
        rating: 5,
        comment: 'The preview sold us on the island.',
        quote_consent: true,
        quote_name: 'Dana',
      })
    ).json().id;
    const pending = (
      await submit({ lead_id: natick, rating: 4, comment: 'Quick and easy.', quote_consent: true, quote_name: 'Lee' })
    ).json().id;
    const refusing = (await submit({ lead_id: quiet, rating: 5, comment: 'Do not quote me.' })).json().id;

    expect(await testimonials('framingham')).toEqual([]);
    expect((await approve(quoted)).statusCode).toBe(200);
    const refused = await approve(refusing);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(PRODUCT_MESSAGES.quoteNotConsented);
    expect((await approve(randomUUID())).statusCode).toBe(404);

    const shown = await testimonials('framingham');
    expect(shown).toEqual([{ id: quoted, quote: 'The preview sold us on the island.', name: 'Dana', town: 'Framingham', rating: 5 }]);
    expect(await testimonials('natick')).toEqual([]);
    expect(await testimonials('wellesley')).toEqual([]);
    expect(pending).toBeTruthy();

    // A changed quote needs approval again; a withdrawn approval takes it off the page.
    await submit({ lead_id: framingham, rating: 5, comment: 'Changed my words.', quote_consent: true, quote_name: 'Dana' });
    expect(await testimonials('framingham')).toEqual([]);
    await approve(quoted);
    expect((await testimonials('framingham')).map((entry) => entry.quote)).toEqual(['Changed my words.']);
    await approve(quoted, false);
    expect(await testimonials('framingham')).toEqual([]);
  });

  it('lists the permission, name, town and approval in the Feedback tab, for admins only', async () => {
    const lead = await leadIn('01760');
    const id = (await submit({ lead_id: lead, rating: 4, comment: 'Good', quote_consent: true, quote_name: 'Sam' })).json().id;
    const tab = await harness.app.inject({ method: 'GET', url: '/api/admin/get-all-feedback', headers: admin });
    const row = tab.json().feedback.find((entry: { id: string }) => entry.id === id);
    expect(row.quote).toEqual({ consent: true, name: 'Sam', town: 'Natick', approved: false });
    const { token } = await signUp(harness.app, { email: `nosy-${randomUUID().slice(0, 6)}@example.com`, password: 'secret123' });
    const denied = await harness.app.inject({
      method: 'POST',
      url: `/api/admin/feedback/${id}/quote`,
      headers: bearer(token),
      payload: { approved: true },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('takes a deleted account’s quote off the site', async () => {
    const email = `leaving-${randomUUID().slice(0, 6)}@example.com`;
    const { token } = await signUp(harness.app, { email, password: 'secret123' });
    const user = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const lead = await leadIn('01703', user.id);
    const id = (await submit({ lead_id: lead, rating: 5, comment: 'Great', quote_consent: true, quote_name: 'Robin' })).json().id;
    await approve(id);
    expect((await testimonials('framingham')).some((entry) => entry.id === id)).toBe(true);
    await harness.app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(token), payload: { confirmEmail: email } });
    expect((await testimonials('framingham')).some((entry) => entry.id === id)).toBe(false);
  });
});
