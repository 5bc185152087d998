// POST /api/send-email: the email step. The seed's browser list of sent emails is kept here too.
import type { SendEmail, SendEmailResponse } from '#shared/lead.schema';
import type { ApiFailure } from '#shared/api';
import { HOMEOWNER_MESSAGES } from '#shared/messages';

const SENT_EMAILS_KEY = 'sentEmails';

export async function sendDesignEmail(body: SendEmail): Promise<{ message: string; leadId: string }> {
  const response = await fetch('/api/send-email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => null)) as SendEmailResponse | ApiFailure | null;
  if (!response.ok || !payload?.success) {
    throw new Error((payload as ApiFailure | null)?.error ?? HOMEOWNER_MESSAGES.emailApiFailedStatus(response.status));
  }
  rememberSentEmail(body.email, body.designRequestId);
  return { message: payload.message, leadId: payload.leadId };
}

/** The seed's browser list of sent emails. */
function rememberSentEmail(email: string, designRequestId: string) {
  try {
    const list = JSON.parse(window.localStorage.getItem(SENT_EMAILS_KEY) ?? '[]') as unknown[];
    list.push({ email, designRequestId, sentAt: new Date().toISOString() });
    window.localStorage.setItem(SENT_EMAILS_KEY, JSON.stringify(list.slice(-50)));
  } catch {
    // Storage full or blocked: the email was still sent.
  }
}
