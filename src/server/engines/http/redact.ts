// Keeps API keys out of error messages: providers sometimes echo the Authorization header or a key prefix back.

const REDACTED = '[redacted]';

/** Well-known key shapes, masked even when the exact secret is not known to the caller. */
const KEY_PATTERNS: RegExp[] = [
  /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  /\br8_[A-Za-z0-9]{8,}/g,
  /\bsk-[A-Za-z0-9_-]{8,}/g,
  /\bwhsec_[A-Za-z0-9+/=]{8,}/g,
];

export function redactSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let result = text;
  // Longest first, so a secret that contains another is masked whole.
  const known = secrets
    .filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4)
    .sort((a, b) => b.length - a.length);
  for (const secret of known) result = result.split(secret).join(REDACTED);
  for (const pattern of KEY_PATTERNS)
    result = result.replace(pattern, (match) => (match.toLowerCase().startsWith('bearer') ? `Bearer ${REDACTED}` : REDACTED));
  return result;
}
