// The plumbing the provider fakes share: a node:http server on 127.0.0.1, port 0, that records every request
// and answers through a handler the fake supplies; plus scripted replies and a URL where nothing listens.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: () => string;
  json: () => unknown;
  /** Parses a multipart/form-data or urlencoded body with the platform's own parser. */
  form: () => Promise<FormData>;
  /** Set when the client hung up before the answer was sent: how a synchronous call is cancelled. */
  disconnected: boolean;
};

export type FakeReply = {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  body?: Buffer | string;
  /** Hold the answer this long (timeout tests). */
  delayMs?: number;
  /** Drop the connection without answering (network failure tests). */
  destroy?: boolean;
};

export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

export type FakeHttpServer = {
  url: string;
  port: number;
  server: Server;
  requests: RecordedRequest[];
  close: () => Promise<void>;
};

/** port 0 (the default) picks a free port; e2e runs pass a fixed one so the server under test can be configured. */
export async function startFakeHttpServer(handler: FakeHandler, listenPort = 0): Promise<FakeHttpServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks);
      const headers = incoming.headers;
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers,
        body,
        text: () => body.toString('utf8'),
        json: () => JSON.parse(body.toString('utf8')) as unknown,
        form: () => new Response(new Uint8Array(body), { headers: { 'content-type': String(headers['content-type'] ?? '') } }).formData(),
        disconnected: false,
      };
      requests.push(request);
      outgoing.on('close', () => {
        if (!outgoing.writableFinished) request.disconnected = true;
      });
      Promise.resolve(handler(request))
        .then((reply) => answer(outgoing, reply))
        .catch((error: unknown) => answer(outgoing, { status: 500, json: { error: `fake failed: ${String(error)}` } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(outgoing: ServerResponse, reply: FakeReply): Promise<void> {
  if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
  if (reply.destroy) {
    outgoing.socket?.destroy();
    return;
  }
  if (outgoing.destroyed) return;
  const headers: Record<string, string> = { ...reply.headers };
  let body: Buffer | string = '';
  if (reply.json !== undefined) {
    body = JSON.stringify(reply.json);
    headers['content-type'] ??= 'application/json';
  } else if (reply.body !== undefined) {
    body = reply.body;
  }
  outgoing.writeHead(reply.status ?? 200, headers);
  outgoing.end(body);
}

/** Scripted answers per route, taken in order; when a route's list is empty the fake's own behaviour applies. */
export function createReplyScript<Route extends string>() {
  const queues = new Map<Route, FakeReply[]>();
  return {
    push(route: Route, ...replies: FakeReply[]) {
      queues.set(route, [...(queues.get(route) ?? []), ...replies]);
    },
    take(route: Route): FakeReply | undefined {
      return queues.get(route)?.shift();
    },
  };
}

/** A URL on 127.0.0.1 where nothing listens: connections are refused at once. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
