// A local stand-in for Replicate's HTTP API (https://replicate.com/docs/reference/http): predictions are created,
// advance through a scripted timeline on each GET, can be cancelled, and their output is served from here. The
// upscaler (recraft-ai/recraft-crisp-upscale) answers at once with the output four times larger; files can be
// uploaded (POST /v1/files) and deleted; GET /v1/models/{owner}/{name} knows every model but `unknownModels`.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createReplyScript, startFakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http-server';
import { invalidFields } from './replicate-model-schemas';
import { solidJpeg } from './test-images';

export type FakePredictionStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';

/** What one GET of the prediction shows; `output` defaults to the fake's own output URL once succeeded. */
export type FakePredictionStep = { status: FakePredictionStatus; logs?: string; output?: unknown; error?: string };

export type FakePrediction = { id: string; body: unknown; polls: number; canceled: boolean };

type Route = 'create' | 'get' | 'cancel' | 'output' | 'health' | 'upscale' | 'files';

const UPSCALER_PATH = '/v1/models/recraft-ai/recraft-crisp-upscale/predictions';

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
  /** Uploaded through POST /v1/files, by id; deleted ones are removed. */
  const files = new Map<string, { data: Buffer; contentType: string }>();
  const deletedFiles: string[] = [];
  const upscales = new Map<string, Buffer>();
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
    /** Models GET /v1/models/{owner}/{name} answers 404 for ('owner/name'). */
    unknownModels: new Set<string>(),
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

  const server = await startFakeHttpServer(async (request) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/files/output.jpg') {
      return script.take('output') ?? { headers: { 'content-type': state.outputContentType }, body: state.outputImage };
    }
    const upscaled = /^\/files\/upscaled-([^/]+)\.jpg$/.exec(path);
    if (method === 'GET' && upscaled) {
      const source = upscales.get(upscaled[1]) ?? state.outputImage;
      const { width = 1, height = 1 } = await sharp(source).metadata();
      return {
        headers: { 'content-type': 'image/jpeg' },
        body: await sharp(source)
          .resize(width * 4, height * 4)
          .jpeg()
          .toBuffer(),
      };
    }
    const denied = unauthorised(request);
    if (denied) return denied;
    const official = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(path);
    if (method === 'POST' && official) {
      const body = request.json() as { input?: Record<string, unknown> };
      const problems = invalidFields(`${official[1]}/${official[2]}`, body.input ?? {});
      if (problems.length > 0)
        return {
          status: 422,
          json: {
            title: 'Input validation failed',
            detail: problems.map((p) => `- ${p.field}: ${p.description}`).join('\n'),
            status: 422,
            invalid_fields: problems,
          },
        };
    }
    if (method === 'POST' && path === UPSCALER_PATH) {
      const scripted = script.take('upscale');
      if (scripted) return scripted;
      const id = `upscale${randomUUID().slice(0, 8)}`;
      // The image to enlarge: a data URI's bytes, or (for our own output URL) the output image.
      const image = String((request.json() as { input?: { image?: unknown } }).input?.image ?? '');
      const inline = /^data:[^,]*;base64,(.*)$/s.exec(image);
      upscales.set(id, inline ? Buffer.from(inline[1], 'base64') : state.outputImage);
      return { status: 201, json: { id, status: 'succeeded', output: `${fake.url}/files/upscaled-${id}.jpg`, logs: '', error: null } };
    }
    if (method === 'POST' && path === '/v1/files') {
      const scripted = script.take('files');
      if (scripted) return scripted;
      const content = (await request.form()).get('content');
      if (!(content instanceof Blob)) return { status: 400, json: { title: 'Bad request', detail: 'content is required', status: 400 } };
      const id = `file${files.size + 1}${randomUUID().slice(0, 8)}`;
      files.set(id, { data: Buffer.from(await content.arrayBuffer()), contentType: content.type });
      return {
        status: 201,
        json: { id, name: 'room.jpg', content_type: content.type, size: content.size, urls: { get: `${fake.url}/v1/files/${id}` } },
      };
    }
    const file = /^\/v1\/files\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && file) {
      deletedFiles.push(file[1]);
      files.delete(file[1]);
      return { status: 204 };
    }
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
    const model = /^\/v1\/models\/([^/]+)\/([^/]+)$/.exec(path);
    if (method === 'GET' && (model || path === '/v1/account')) {
      const scripted = script.take('health');
      if (scripted) return scripted;
      if (!model) return { json: { type: 'organization', username: 'metrowest', name: 'MetroWest' } };
      if (state.unknownModels.has(`${model[1]}/${model[2]}`))
        return { status: 404, json: { title: 'Not found', detail: 'Model not found', status: 404 } };
      return { json: { owner: model[1], name: model[2], visibility: 'public', latest_version: { id: 'f'.repeat(64) } } };
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
    files,
    deletedFiles,
    requests: server.requests,
    /** Prediction creations of the model under test (the upscaler's are upscaleRequests). */
    createRequests: () =>
      server.requests.filter(
        (request) => request.method === 'POST' && request.path.endsWith('/predictions') && request.path !== UPSCALER_PATH,
      ),
    upscaleRequests: () => server.requests.filter((request) => request.method === 'POST' && request.path === UPSCALER_PATH),
    close: server.close,
  };
  return fake;
}
