// A local stand-in for Replicate's HTTP API (https://replicate.com/docs/reference/http): predictions are created,
// advance through a scripted timeline on each GET, can be cancelled, and their output is served from here.
import { randomUUID } from 'node:crypto';
import { createReplyScript, startFakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http-server';
import { solidJpeg } from './test-images';

export type FakePredictionStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';

/** What one GET of the prediction shows; `output` defaults to the fake's own output URL once succeeded. */
export type FakePredictionStep = { status: FakePredictionStatus; logs?: string; output?: unknown; error?: string };

export type FakePrediction = { id: string; body: unknown; polls: number; canceled: boolean };

type Route = 'create' | 'get' | 'cancel' | 'output' | 'health';

export type ReplicateFake = Awaited<ReturnType<typeof startReplicateFake>>;

export const TQDM = (done: number, total: number) => {
  const percent = Math.round((done / total) * 100);
  return ` ${percent}%|${'█'.repeat(Math.round(percent / 10)).padEnd(10)}| ${done}/${total} [00:02<00:02,  4.01it/s]`;
};

export async function startReplicateFake(options: { token?: string; port?: number } = {}) {
  const token = options.token ?? `r8_${randomUUID().replace(/-/g, '')}`;
  const script = createReplyScript<Route>();
  const predictions = new Map<string, FakePrediction>();
  const cancelled: string[] = [];
  const state = {
    /** Each GET shows the next step; the last one repeats. */
    timeline: [
      { status: 'processing', logs: 'Using seed: 1\nPreparing depth guidance' },
      { status: 'processing', logs: `Using seed: 1\n${TQDM(9, 20)}` },
      { status: 'succeeded', logs: `Using seed: 1\n${TQDM(20, 20)}` },
    ] as FakePredictionStep[],
    /** The status a new prediction is created with (a sync `Prefer: wait` answer may already be 'succeeded'). */
    createdStep: { status: 'starting' } as FakePredictionStep,
    outputImage: await solidJpeg(120, 80),
    outputContentType: 'image/jpeg',
  };

  const unauthorised = (request: RecordedRequest): FakeReply | undefined => {
    if (request.headers.authorization === `Bearer ${token}`) return undefined;
    // Like many APIs under load, echo what was received: the client must still keep the token out of its errors.
    return {
      status: 401,
      json: { title: 'Unauthenticated', detail: `Invalid token: ${request.headers.authorization ?? 'none'}`, status: 401 },
    };
  };

  const view = (prediction: FakePrediction, step: FakePredictionStep) => {
    const status = prediction.canceled ? 'canceled' : step.status;
    const output = status === 'succeeded' ? ('output' in step ? step.output : [`${fake.url}/files/output.jpg`]) : null;
    return {
      id: prediction.id,
      model: 'adirik/interior-design',
      version: 'fake',
      input: {},
      status,
      logs: step.logs ?? '',
      output,
      error: step.error ?? (status === 'failed' ? 'CUDA out of memory' : null),
      urls: { get: `${fake.url}/v1/predictions/${prediction.id}`, cancel: `${fake.url}/v1/predictions/${prediction.id}/cancel` },
    };
  };

  const server = await startFakeHttpServer((request) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/files/output.jpg') {
      return script.take('output') ?? { headers: { 'content-type': state.outputContentType }, body: state.outputImage };
    }
    const denied = unauthorised(request);
    if (denied) return denied;
    if (method === 'POST' && (path === '/v1/predictions' || /^\/v1\/models\/[^/]+\/[^/]+\/predictions$/.test(path))) {
      const scripted = script.take('create');
      if (scripted) return scripted;
      const prediction: FakePrediction = {
        id: `fake${predictions.size + 1}${randomUUID().slice(0, 8)}`,
        body: request.json(),
        polls: 0,
        canceled: false,
      };
      predictions.set(prediction.id, prediction);
      return { status: 201, json: view(prediction, state.createdStep) };
    }
    const get = /^\/v1\/predictions\/([^/]+)$/.exec(path);
    if (method === 'GET' && get) {
      const scripted = script.take('get');
      if (scripted) return scripted;
      const prediction = predictions.get(get[1]);
      if (!prediction) return { status: 404, json: { title: 'Not found', detail: 'Prediction not found', status: 404 } };
      const step = state.timeline[Math.min(prediction.polls, state.timeline.length - 1)];
      prediction.polls += 1;
      return { json: view(prediction, step) };
    }
    const cancel = /^\/v1\/predictions\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) {
      cancelled.push(cancel[1]);
      const prediction = predictions.get(cancel[1]);
      if (!prediction) return { status: 404, json: { title: 'Not found', detail: 'Prediction not found', status: 404 } };
      prediction.canceled = true;
      return { json: view(prediction, { status: 'canceled' }) };
    }
    if (method === 'GET' && (/^\/v1\/models\/[^/]+\/[^/]+$/.test(path) || path === '/v1/account')) {
      return (
        script.take('health') ?? {
          json:
            path === '/v1/account'
              ? { type: 'organization', username: 'metrowest', name: 'MetroWest' }
              : { owner: 'adirik', name: 'interior-design', visibility: 'public' },
        }
      );
    }
    return { status: 404, json: { title: 'Not found', detail: `No route ${method} ${path}`, status: 404 } };
  }, options.port);

  const fake = {
    url: server.url,
    token,
    state,
    script,
    predictions,
    cancelled,
    requests: server.requests,
    createRequests: () => server.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/predictions')),
    close: server.close,
  };
  return fake;
}
