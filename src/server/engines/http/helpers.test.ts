// The small shared helpers: Retry-After and backoff, redaction, data URIs and downloads, phases, output JPEGs.
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReplyScript, startFakeHttpServer, type FakeHttpServer } from '#tests/fakes/fake-http-server';
import { solidJpeg, solidPng } from '#tests/fakes/test-images';
import type { RenderProgress } from '#server/engines/engine';
import { createHttpClient } from './http-client';
import { decodeDataUri, readImageSource, toDataUri } from './image-source';
import { toOutputJpeg } from './output-image';
import { createPhaseReporter } from './phase-progress';
import { abortReason, ProviderError } from './provider-error';
import { redactSecrets } from './redact';
import { createRenderScope } from './render-scope';
import { backoffMs, retryAfterMs } from './retry-policy';

const http = createHttpClient({ provider: 'test', label: 'Test API', maxRetries: 0 });

describe('retry policy', () => {
  it('reads retry-after-ms, Retry-After seconds and HTTP dates', () => {
    const now = () => Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250' }), now)).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:05 GMT' }), now)).toBe(5000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });

  it('backs off exponentially with jitter, up to a cap', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffMs(attempt, 100, 500, () => 1))).toEqual([100, 200, 400, 500]);
    expect(backoffMs(2, 100, 10_000, () => 0)).toBe(200);
  });
});

describe('redactSecrets', () => {
  it('masks the given secrets and well-known key shapes', () => {
    expect(redactSecrets('token abc123456 here', ['abc123456'])).toBe('token [redacted] here');
    expect(redactSecrets('Authorization: Bearer r8_abcdefghijklmnop')).toBe('Authorization: Bearer [redacted]');
    expect(redactSecrets('key sk-proj-abcdefghijkl and whsec_c2VjcmV0c2VjcmV0')).toBe('key [redacted] and [redacted]');
  });
});

describe('data URIs', () => {
  it('decodes base64 and percent-encoded data, and refuses other text', () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00]);
    expect(decodeDataUri(toDataUri(bytes, 'image/jpeg'))).toEqual({ mediaType: 'image/jpeg', data: bytes });
    expect(decodeDataUri('data:,Hello%2C%20World')).toEqual({ mediaType: 'text/plain', data: Buffer.from('Hello, World') });
    expect(decodeDataUri('https://example.com/a.png')).toBeNull();
  });
});

describe('readImageSource', () => {
  let server: FakeHttpServer;
  const script = createReplyScript<'file'>();
  beforeEach(async () => {
    server = await startFakeHttpServer(() => script.take('file') ?? { status: 404, body: 'missing' });
  });
  afterEach(async () => {
    await server.close();
  });

  it('downloads a URL, decodes a data URI, and fails clearly otherwise', async () => {
    const image = await solidJpeg(8, 8);
    script.push('file', { headers: { 'content-type': 'image/jpeg' }, body: image });
    expect((await readImageSource(`${server.url}/out.jpg`, { http, what: 'the output' })).equals(image)).toBe(true);
    expect((await readImageSource(toDataUri(image, 'image/jpeg'), { http, what: 'the output' })).equals(image)).toBe(true);
    await expect(readImageSource(`${server.url}/gone.jpg`, { http, what: 'the output' })).rejects.toThrow(
      'Test API output could not be downloaded: HTTP 404 for the output',
    );
    await expect(readImageSource('ftp://example.com/a.jpg', { http, what: 'the output' })).rejects.toThrow(
      /unsupported URL scheme \(ftp:\)/,
    );
    await expect(readImageSource('not a url', { http, what: 'the output' })).rejects.toThrow(/neither a URL nor a data URI/);
    await expect(readImageSource('data:image/png;base64,', { http, what: 'the output' })).rejects.toThrow(/empty image/);
  });
});

describe('createPhaseReporter', () => {
  it('maps phases onto one growing fraction and never goes back', () => {
    const events: RenderProgress[] = [];
    const report = createPhaseReporter((event) => events.push(event));
    report('analysis', 0);
    report('generation', 0.5);
    report('generation', 0.2);
    report('architecture', 1);
    report('generation', 0.5);
    report('enhancement', 1);
    expect(events).toEqual([
      { phase: 'analysis', fraction: 0 },
      { phase: 'generation', fraction: 0.605 },
      { phase: 'enhancement', fraction: 1 },
    ]);
  });
});

describe('toOutputJpeg', () => {
  it('re-encodes to JPEG, flattening transparency onto white', async () => {
    const output = await toOutputJpeg(await solidPng(20, 10, { r: 0, g: 0, b: 0, alpha: 0 }), http);
    const { data, info } = await sharp(output).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([20, 10, 3]);
    expect(data[0]).toBeGreaterThan(245);
  });

  it('caps the longest side at 1920 px and applies EXIF orientation', async () => {
    const big = await toOutputJpeg(await solidJpeg(2400, 1200), http);
    expect(await sharp(big).metadata()).toMatchObject({ format: 'jpeg', width: 1920, height: 960 });
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(await toOutputJpeg(sideways, http)).metadata()).toMatchObject({ width: 20, height: 40 });
  });

  it('keeps an upright sRGB JPEG within the limit as it came, without a second lossy encode', async () => {
    const jpeg = await solidJpeg(1024, 768);
    expect((await toOutputJpeg(jpeg, http)).equals(jpeg)).toBe(true);
  });

  it('fails clearly on bytes that are not an image', async () => {
    await expect(toOutputJpeg(Buffer.from('<html>'), http)).rejects.toThrow('Test API returned an output that is not an image (6 bytes)');
  });
});

describe('createRenderScope', () => {
  it('aborts with a transient ProviderError when the deadline passes', async () => {
    const scope = createRenderScope({ provider: 'test', label: 'Test API', timeoutMs: 10 });
    await new Promise((resolve) => scope.signal.addEventListener('abort', resolve));
    const reason = abortReason(scope.signal);
    expect(reason).toBeInstanceOf(ProviderError);
    expect(reason.message).toBe('Test API did not finish the render within 10 ms');
    scope.dispose();
  });

  it('follows the homeowner’s signal as an AbortError', () => {
    const controller = new AbortController();
    const scope = createRenderScope({ provider: 'test', label: 'Test API', timeoutMs: 10_000, signal: controller.signal });
    controller.abort();
    expect(abortReason(scope.signal).name).toBe('AbortError');
    scope.dispose();
  });
});
