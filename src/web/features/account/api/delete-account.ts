// DELETE /api/account: the typed account email confirms; afterwards this browser forgets the session.
import type { z } from 'zod';
import type { accountDeletedResponseSchema, DeleteAccountBody } from '#shared/account.schema';
import { apiRequest } from '#web/lib/api-client';
import { announceSignOut, authClient } from '#web/lib/auth-client';

export async function deleteAccount(body: DeleteAccountBody): Promise<void> {
  await apiRequest<z.infer<typeof accountDeletedResponseSchema>>('DELETE', '/api/account', body);
  // The server has already ended every session; this clears the cookie and tells the other tabs.
  await authClient.signOut().catch(() => undefined);
  announceSignOut();
}
