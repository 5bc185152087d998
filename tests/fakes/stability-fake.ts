// A local stand-in for Stability AI's REST API (https://platform.stability.ai/docs/api-reference):
// Stable Image Control structure (multipart in, image or JSON out), the account endpoint and the engine list.
import { randomUUID } from 'node:crypto';
import { createReplyScript, startFakeHttpServer, type RecordedRequest } from './fake-http-server';
import { solidJpeg } from './test-images';

type Route = 'structure' | 'account';

export type StabilityFake = Awaited<ReturnType<typeof startStabilityFake>>;

export async function startStabilityFake(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? `sk-${randomUUID().replace(/-/g, '')}`;
  const script = createReplyScript<Route>();
  const generations: { form: FormData; request: RecordedRequest }[] = [];
  const state = {
    outputImage: await solidJpeg(112, 72),
    finishReason: 'SUCCESS' as 'SUCCESS' | 'CONTENT_FILTERED',
    /** Hold each generation this long, as the real service takes seconds (abort tests). */
    delayMs: 0,
  };

  const server = await startFakeHttpServer(async (request) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return {
        status: 401,
        json: { id: randomUUID(), name: 'unauthorized', errors: [`authorization: invalid key ${request.headers.authorization ?? ''}`] },
      };
    }
    if (request.method === 'POST' && request.path === '/v2beta/stable-image/control/structure') {
      const scripted = script.take('structure');
      if (scripted) return scripted;
      const form = await request.form();
      if (!(form.get('image') instanceof Blob) || !form.get('prompt')) {
        return { status: 400, json: { id: randomUUID(), name: 'bad_request', errors: ['image and prompt are required'] } };
      }
      generations.push({ form, request });
      const seed = String(form.get('seed') ?? '0');
      if (String(request.headers.accept).includes('application/json')) {
        return {
          delayMs: state.delayMs,
          json: { image: state.outputImage.toString('base64'), finish_reason: state.finishReason, seed: Number(seed) },
        };
      }
      return {
        delayMs: state.delayMs,
        headers: { 'content-type': 'image/jpeg', 'finish-reason': state.finishReason, seed },
        body: state.outputImage,
      };
    }
    if (request.method === 'GET' && request.path === '/v1/user/account') {
      return (
        script.take('account') ?? {
          json: {
            id: 'user-1',
            email: 'ops@example.com',
            profile_picture: '',
            organizations: [{ id: 'org-1', name: 'MetroWest', role: 'OWNER', is_default: true }],
          },
        }
      );
    }
    if (request.method === 'GET' && request.path === '/v1/engines/list') {
      return {
        json: [
          {
            id: 'stable-diffusion-xl-1024-v1-0',
            name: 'Stable Diffusion XL 1.0',
            description: 'Stability-AI Stable Diffusion XL v1.0',
            type: 'PICTURE',
          },
          {
            id: 'stable-diffusion-v1-6',
            name: 'Stable Diffusion v1.6',
            description: 'Stability-AI Stable Diffusion v1.6',
            type: 'PICTURE',
          },
        ],
      };
    }
    return { status: 404, json: { id: randomUUID(), name: 'not_found', errors: [`${request.method} ${request.path} not found`] } };
  });

  return {
    url: server.url,
    apiKey,
    state,
    script,
    generations,
    requests: server.requests,
    structureRequests: () => server.requests.filter((request) => request.path === '/v2beta/stable-image/control/structure'),
    close: server.close,
  };
}
