// After the whole end-to-end run: every secret the run made or used must be absent from the server's log
// (issue 10). The log is the real server's, at the level operators run it (info), for every spec.
// Secrets come from four places: the run's configuration, the database (session tokens, password hashes,
// confirmation tokens), the mail the server sent (link tokens), and, for tokens stored only as SHA-256
// hashes (QR-code upload links, contractor invitations), every token-shaped word of the log is hashed
// and looked up.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_ADMIN, E2E_REPLICATE_TOKEN } from './e2e-constants';
import { queryServerDatabase, receivedMails } from './mail-box';

/** Passwords the specs type into the sign-up, sign-in and invitation forms. */
const SPEC_PASSWORDS = ['secret123', 'contractor-secret-1'];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function mailedLinkTokens(): Promise<string[]> {
  const bodies = (await receivedMails()).map((mail) => `${mail.text ?? ''}\n${mail.html || ''}`).join('\n');
  return [...new Set([...bodies.matchAll(/[?&](?:amp;)?token=([A-Za-z0-9_.%-]+)/g)].map((match) => decodeURIComponent(match[1])))];
}

/** The names of the kinds of secret found in the log (never the secrets themselves); empty when clean. */
export async function secretsInServerLog(logFile: string, dataDir: string): Promise<string[]> {
  const log = readFileSync(logFile, 'utf8');
  if (log.length < 10_000) return [`the server log is too short to prove anything (${log.length} characters)`];

  const secrets: [kind: string, values: string[]][] = [
    ['the admin password', [E2E_ADMIN.password]],
    ['a password a spec used', SPEC_PASSWORDS],
    ['the Replicate API token', [E2E_REPLICATE_TOKEN]],
    ['the auth secret', [readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim()]],
    ['a session token', queryServerDatabase<{ token: string }>('select token from sessions').map((row) => row.token)],
    [
      'a password hash',
      queryServerDatabase<{ password: string }>('select password from accounts where password is not null').map((row) => row.password),
    ],
    [
      'a newsletter confirmation token',
      queryServerDatabase<{ confirm_token: string }>('select confirm_token from newsletter_subscribers').map((row) => row.confirm_token),
    ],
    // Email confirmation links (better-auth's signed verification tokens) are among these.
    ['a token from a link in a mail', await mailedLinkTokens()],
    // better-auth's stored verification values (password reset and the like), with their prefixes.
    [
      'a stored verification token',
      queryServerDatabase<{ identifier: string; value: string }>('select identifier, value from verifications').flatMap((row) => [
        row.value,
        row.identifier.split(':').pop() ?? '',
      ]),
    ],
  ];
  const found = secrets.filter(([, values]) => values.some((value) => value.length >= 8 && log.includes(value))).map(([kind]) => kind);

  const hashed = new Set(
    [
      ...queryServerDatabase<{ token_hash: string }>('select token_hash from upload_links'),
      ...queryServerDatabase<{ token_hash: string }>('select token_hash from contractor_invitations'),
    ].map((row) => row.token_hash),
  );
  const words = new Set(log.match(/[A-Za-z0-9_-]{16,}/g) ?? []);
  if ([...words].some((word) => hashed.has(sha256(word)))) found.push('a QR-code upload or invitation token');
  return found;
}
