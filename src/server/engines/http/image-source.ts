// Turns what a provider hands back (an image URL or a data URI) into bytes at once: provider URLs expire.
import type { HttpClient } from './http-client';

export type DataUri = { mediaType: string; data: Buffer };

/** Parses `data:[<media type>][;base64],<data>` (RFC 2397); null when the text is not a data URI. */
export function decodeDataUri(text: string): DataUri | null {
  const match = /^data:([^,]*?),(.*)$/s.exec(text.trim());
  if (!match) return null;
  const parameters = match[1].split(';');
  const isBase64 = parameters.at(-1)?.toLowerCase() === 'base64';
  const mediaType = (isBase64 ? parameters.slice(0, -1) : parameters)[0] || 'text/plain';
  const payload = match[2];
  const data = isBase64 ? Buffer.from(payload.replace(/\s+/g, ''), 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
  return { mediaType: mediaType.toLowerCase(), data };
}

export function toDataUri(data: Buffer, mediaType: string): string {
  return `data:${mediaType};base64,${data.toString('base64')}`;
}

export type ReadImageOptions = {
  http: HttpClient;
  /** For messages: 'the prediction output'. */
  what: string;
  signal?: AbortSignal;
  /** Only for URLs on the provider's own host: output URLs on a CDN must not receive the API key. */
  headers?: Record<string, string>;
};

/** Downloads an http(s) URL or decodes a data URI; a missing or empty image is a clear, non-transient failure. */
export async function readImageSource(source: string, options: ReadImageOptions): Promise<Buffer> {
  const { http, what } = options;
  const inline = decodeDataUri(source);
  if (inline) {
    if (inline.data.length === 0) throw http.error(`${http.label} returned an empty image in ${what}`, { transient: false });
    return inline.data;
  }
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw http.error(`${http.label} returned ${what} that is neither a URL nor a data URI`, { transient: false });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw http.error(`${http.label} returned ${what} with an unsupported URL scheme (${url.protocol})`, { transient: false });
  }
  const response = await http.send({
    method: 'GET',
    url: url.toString(),
    headers: { Accept: 'image/*', ...options.headers },
    what: `downloading ${what}`,
    signal: options.signal,
  });
  if (!response.ok) {
    throw http.error(`${http.label} output could not be downloaded: HTTP ${response.status} for ${what}`, {
      transient: response.status >= 500 || response.status === 429,
      status: response.status,
    });
  }
  if (response.body.length === 0) throw http.error(`${http.label} returned an empty image in ${what}`, { transient: false });
  return response.body;
}
