import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('cuts the credential out of every link that carries one', () => {
    expect(redactUrl('/contractor-invite?token=abc123')).toBe('/contractor-invite?token=[redacted]');
    expect(redactUrl('/api/email/unsubscribe?email=a%40b.c&token=f00d')).toBe('/api/email/unsubscribe?email=a%40b.c&token=[redacted]');
    expect(redactUrl('/api/newsletter/confirm?token=xyz')).toBe('/api/newsletter/confirm?token=[redacted]');
    expect(redactUrl('/api/contractor-invitations/by-token/s3cr3t')).toBe('/api/contractor-invitations/by-token/[redacted]');
    expect(redactUrl('/api/upload-links/by-token/s3cr3t/photo')).toBe('/api/upload-links/by-token/[redacted]/photo');
    expect(redactUrl('/m/s3cr3t')).toBe('/m/[redacted]');
    expect(redactUrl('/m/s3cr3t?utm=qr')).toBe('/m/[redacted]?utm=qr');
  });

  it('leaves every other URL as it is', () => {
    for (const url of [
      '/',
      '/api/feed?filter=kitchen&zips=01701',
      '/feedback?lead_id=42&rating=5',
      '/admin/m/x',
      '/api/renders/abc/events',
      '/api/t/c/123',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
