// A local stand-in for OpenAI's Images API (https://platform.openai.com/docs/api-reference/images/createEdit):
// multipart image edits answered with base64 images, OpenAI-shaped errors, and the models list.
import { randomUUID } from 'node:crypto';
import { createReplyScript, startFakeHttpServer, type RecordedRequest } from './fake-http-server';
import { solidJpeg } from './test-images';

type Route = 'edit' | 'models';

export type OpenAiFake = Awaited<ReturnType<typeof startOpenAiFake>>;

export function openAiError(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, param, code } };
}

export async function startOpenAiFake(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? `sk-proj-${randomUUID().replace(/-/g, '')}`;
  const script = createReplyScript<Route>();
  const edits: { form: FormData; request: RecordedRequest }[] = [];
  const state = {
    outputImage: await solidJpeg(150, 100),
    /** Hold each edit this long, as the real service takes a minute (abort tests). */
    delayMs: 0,
  };

  const server = await startFakeHttpServer(async (request) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      const shown = String(request.headers.authorization ?? '').replace('Bearer ', '');
      return {
        status: 401,
        json: openAiError(
          `Incorrect API key provided: ${shown}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          'invalid_request_error',
          'invalid_api_key',
        ),
      };
    }
    if (request.method === 'POST' && request.path === '/v1/images/edits') {
      const scripted = script.take('edit');
      if (scripted) return scripted;
      const form = await request.form();
      if (!(form.get('image') instanceof Blob) || !form.get('prompt')) {
        return {
          status: 400,
          json: openAiError("Missing required parameter: 'image'.", 'invalid_request_error', 'missing_required_parameter', 'image'),
        };
      }
      edits.push({ form, request });
      return {
        delayMs: state.delayMs,
        json: {
          created: Math.floor(Date.now() / 1000),
          data: [{ b64_json: state.outputImage.toString('base64') }],
          usage: {
            total_tokens: 6240,
            input_tokens: 480,
            output_tokens: 5760,
            input_tokens_details: { text_tokens: 80, image_tokens: 400 },
          },
        },
      };
    }
    if (request.method === 'GET' && request.path === '/v1/models') {
      return (
        script.take('models') ?? {
          json: { object: 'list', data: [{ id: 'gpt-image-1', object: 'model', created: 1745517030, owned_by: 'system' }] },
        }
      );
    }
    return { status: 404, json: openAiError(`Invalid URL (${request.method} ${request.path})`, 'invalid_request_error', null) };
  });

  return {
    url: server.url,
    apiKey,
    state,
    script,
    edits,
    requests: server.requests,
    editRequests: () => server.requests.filter((request) => request.path === '/v1/images/edits'),
    close: server.close,
  };
}
