// Every link of every email we send lands somewhere that works. Each kind of mail (MAIL_KINDS, one per
// template) is produced by its real flow, then every link in its HTML and text is followed through the app,
// redirects included: an API link must answer 200, and a page link must be a page the client has, with the
// parameters that page reads (the browser side of those pages is followed in the e2e specs). A new kind of mail without a flow here fails the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownPagePath, normalisePath } from '#shared/pages';
import { MAIL_KINDS, type MailKind } from '#server/infra/mail/outbox';
import { createDomainEvents } from '#server/infra/domain-events';
import { reassignOverdue } from '#server/modules/assignments/assignment.service';
import { assignmentsOn } from '#server/modules/assignments/assignment.store';
import { bearer, signIn, signUp } from '../helpers/auth';
import { emailStep, finishedRender } from '../helpers/designs';
import {
  createBackOfficeApp,
  insertContractor,
  insertLead,
  personWithRole,
  requestQuoteWithConsent,
  type BackOfficeHarness,
} from './admin-harness';

let harness: BackOfficeHarness;
const PUBLIC_URL = 'http://localhost:3000';

/** What a page needs in its query string to do its job when an email opens it. */
const PAGE_PARAMS: Record<string, string[]> = {
  '/account': ['quote'],
  '/feedback': ['lead_id', 'rating'],
  '/reset-password': ['token'],
  '/contractor-invite': ['token'],
  '/contractor-dashboard': [],
  '/': [],
};

beforeAll(async () => {
  harness = await createBackOfficeApp();
});
afterAll(() => harness.close());

const mailOf = (kind: MailKind) =>
  harness.db
    .selectFrom('mail_outbox')
    .select(['html', 'text', 'to_address'])
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

/** Every absolute link in a message: href and src in the HTML, URLs in the text. */
function linksIn(mail: { html: string; text: string }): string[] {
  const fromHtml = [...mail.html.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
  const fromText = [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
  return [...new Set([...fromHtml, ...fromText])].filter((link) => /^https?:/.test(link));
}

/**
 * Follows a link through the app (redirects too) to where it finally lands: an API answer, or a client
 * page, which is checked by its path and query (the client build is not needed here, and not present when
 * these tests run before the end-to-end build).
 */
async function land(link: string, headers: Record<string, string> = {}) {
  let url = new URL(link);
  for (let hop = 0; hop < 5; hop += 1) {
    expect(url.origin, link).toBe(PUBLIC_URL);
    if (!url.pathname.startsWith('/api/')) return { url, response: null };
    const response = await harness.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers });
    if (response.statusCode >= 300 && response.statusCode < 400) {
      url = new URL(response.headers.location as string, url);
      continue;
    }
    return { url, response };
  }
  throw new Error(`Too many redirects from ${link}`);
}

async function expectEveryLinkWorks(kind: MailKind, headers: Record<string, string> = {}) {
  const mail = await mailOf(kind);
  expect(mail, `no ${kind} mail was queued`).toBeTruthy();
  const links = linksIn(mail!);
  expect(links.length, `${kind} has no links`).toBeGreaterThan(0);
  for (const link of links) {
    const { url, response } = await land(link, headers);
    if (response) {
      expect([link, response.statusCode]).toEqual([link, 200]);
      continue;
    }
    const path = normalisePath(url.pathname);
    expect([link, isKnownPagePath(path)]).toEqual([link, true]);
    for (const param of PAGE_PARAMS[path] ?? []) expect([link, url.searchParams.get(param)]).toEqual([link, expect.any(String)]);
  }
  return links;
}

describe('every link of every email', () => {
  const covered = new Set<MailKind>();

  it('the homeowner’s mail: confirmation, design (quote, feedback, unsubscribe), password reset, newsletter', async () => {
    const homeowner = await signUp(harness.app, { email: 'links-homeowner@example.com', password: 'secret123' }, { confirmed: false });
    const headers = bearer(homeowner.token);
    const render = await finishedRender(harness.app, headers);
    await emailStep(harness.app, headers, render, { email: 'links-homeowner@example.com' });
    const [confirmationLink] = await expectEveryLinkWorks('email-confirmation');
    expect(confirmationLink).toContain('/api/auth/verify-email');
    // Opening the confirmation link (above) released the design email.
    const designLinks = await expectEveryLinkWorks('homeowner-design', headers);
    expect(designLinks.some((link) => link.includes('/account?quote='))).toBe(true);
    expect(designLinks.some((link) => link.includes('/feedback?lead_id='))).toBe(true);
    expect(designLinks.some((link) => link.includes('/api/email/unsubscribe'))).toBe(true);

    await harness.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'links-homeowner@example.com' },
    });
    await expectEveryLinkWorks('password-reset');
    await harness.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'links-news@example.com' } });
    await expectEveryLinkWorks('newsletter-confirm');
    ['email-confirmation', 'homeowner-design', 'password-reset', 'newsletter-confirm'].forEach((kind) => covered.add(kind as MailKind));
  });

  it('the contractor’s mail: invitation, new lead (tracked link and pixel), dossier, reassignment', async () => {
    const contractorId = await insertContractor(harness.db, { zips: ['01746'], email: 'links-pro@example.com' });
    const next = await insertContractor(harness.db, { zips: ['01746'], leads_received_count: 5 });
    await harness.app.inject({
      method: 'POST',
      url: '/api/admin/contractor-invitations',
      headers: harness.admin.headers,
      payload: { contractorId },
    });
    await expectEveryLinkWorks('contractor-invitation');

    const pro = await personWithRole(harness, 'contractor');
    await harness.db.updateTable('contractors').set({ user_id: pro.id }).where('id', '=', contractorId).execute();
    const leadId = await insertLead(harness.db, { zip: '01746' });
    const assigned = await harness.app.inject({
      method: 'POST',
      url: '/api/leads/assign-manually',
      headers: harness.admin.headers,
      payload: { leadId, contractorIds: [contractorId], assignmentMethod: 'manual' },
    });
    expect(assigned.statusCode).toBe(200);
    const leadLinks = await expectEveryLinkWorks('contractor-lead', pro.headers);
    expect(leadLinks.some((link) => link.includes('/api/t/c/'))).toBe(true);

    await harness.app.inject({ method: 'POST', url: `/api/leads/${leadId}/dossier/email`, headers: harness.admin.headers });
    await expectEveryLinkWorks('lead-dossier', pro.headers);

    const later = new Date(Date.now() + 25 * 3_600_000);
    await harness.db.updateTable('assignments').set({ respond_by: new Date().toISOString() }).where('lead_id', '=', leadId).execute();
    await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: harness.admin.headers,
      payload: { autoReassign: true },
    });
    const deps = { domainEvents: createDomainEvents(), now: () => later, publicUrl: PUBLIC_URL, postalAddress: 'MetroWest AI Renovations' };
    await reassignOverdue(assignmentsOn(harness.db, deps), deps);
    await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: harness.admin.headers,
      payload: { autoReassign: false },
    });
    expect(next).toBeTruthy();
    await expectEveryLinkWorks('contractor-lead-reassigned', pro.headers);
    ['contractor-invitation', 'contractor-lead', 'lead-dossier', 'contractor-lead-reassigned'].forEach((kind) =>
      covered.add(kind as MailKind),
    );
  });

  it('the admin’s test email', async () => {
    await harness.app.inject({ method: 'POST', url: '/api/admin/system-status/test-email', headers: harness.admin.headers });
    const mail = await mailOf('system-test');
    expect(mail).toBeTruthy();
    // The test message may carry no link at all; any it has must work.
    for (const link of linksIn(mail!)) {
      const { url, response } = await land(link);
      expect(response ? response.statusCode === 200 : isKnownPagePath(url.pathname)).toBe(true);
    }
    covered.add('system-test');
  });

  it('covers every kind of mail the product sends', () => {
    expect([...covered].sort()).toEqual([...MAIL_KINDS].sort());
  });

  it('a quote for the homeowner’s own design opens from the email’s link', async () => {
    // The page link above carries the lead; the quote the page sends for it is accepted.
    const lead = await harness.db
      .selectFrom('leads')
      .select(['id', 'render_id'])
      .where('email', '=', 'links-homeowner@example.com')
      .executeTakeFirstOrThrow();
    const { token } = await signIn(harness.app, { email: 'links-homeowner@example.com', password: 'secret123' });
    const quote = await requestQuoteWithConsent(harness.app, bearer(token), { designRequestId: lead.render_id!, zipCode: '01701' });
    expect(quote.statusCode).toBe(200);
  });
});
