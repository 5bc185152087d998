// A local stand-in for a ComfyUI server (https://docs.comfy.org/development/comfyui-server/comms_routes): photo
// upload, prompt queue, websocket run messages, history, /view, /queue and /interrupt — scriptable per test.
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { createReplyScript, startFakeHttpServer, type FakeReply } from './fake-http-server';
import { solidJpeg } from './test-images';

/**
 * How the next queued prompt runs: to the end; into a sampler error; stuck sampling until interrupted;
 * with the websocket dropped mid-run (the history still completes); or waiting in the queue forever.
 */
export type FakeRunMode = 'complete' | 'error' | 'hang' | 'drop-socket' | 'queued';

export type FakePrompt = {
  id: string;
  clientId: string;
  workflow: Record<string, { class_type: string; inputs: Record<string, unknown> }>;
};

type Route = 'upload' | 'prompt' | 'history' | 'view' | 'stats';

export type ComfyUiFake = Awaited<ReturnType<typeof startComfyUiFake>>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startComfyUiFake(options: { port?: number } = {}) {
  const script = createReplyScript<Route>();
  const uploads = new Map<string, { data: Buffer; type: string | null; overwrite: string | null }>();
  const prompts: FakePrompt[] = [];
  const history = new Map<string, unknown>();
  const interrupts: unknown[] = [];
  const queueDeletes: string[][] = [];
  const clients = new Map<string, WebSocket>();
  const state = {
    mode: 'complete' as FakeRunMode,
    /** The sampler error message in 'error' mode. */
    errorMessage: 'Allocation on device 0 would exceed allowed memory. (out of memory)',
    errorType: 'torch.OutOfMemoryError',
    outputImage: await solidJpeg(128, 96),
    running: null as string | null,
    pending: [] as string[],
    /** Whether clients may open the websocket at all. */
    socketEnabled: true,
    /** A run that ends 'success' without any saved image (a workflow whose SaveImage was bypassed). */
    noOutputs: false,
  };
  const stopped = new Set<string>();

  const send = (clientId: string, type: string, data: Record<string, unknown>) => {
    const socket = clients.get(clientId);
    if (socket && socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type, data }));
  };

  const succeed = (prompt: FakePrompt) => {
    const saveNode = Object.entries(prompt.workflow).find(([, node]) => node.class_type === 'SaveImage')?.[0] ?? '9';
    const image = {
      filename: `metrowest-render_${String(prompts.indexOf(prompt) + 1).padStart(5, '0')}_.png`,
      subfolder: '',
      type: 'output',
    };
    send(prompt.clientId, 'executed', { node: saveNode, display_node: saveNode, output: { images: [image] }, prompt_id: prompt.id });
    send(prompt.clientId, 'executing', { node: null, prompt_id: prompt.id });
    send(prompt.clientId, 'execution_success', { prompt_id: prompt.id, timestamp: Date.now() });
    // ComfyUI writes the history just after announcing the end: clients must cope with the gap.
    setTimeout(() => {
      history.set(prompt.id, {
        prompt: [1, prompt.id, prompt.workflow, {}, [saveNode]],
        outputs: state.noOutputs ? {} : { [saveNode]: { images: [image] } },
        status: { status_str: 'success', completed: true, messages: [] },
      });
      state.running = null;
    }, 5);
  };

  const run = async (prompt: FakePrompt, mode: FakeRunMode) => {
    await pause(3);
    if (mode === 'queued') {
      state.pending.push(prompt.id);
      return;
    }
    state.running = prompt.id;
    send(prompt.clientId, 'execution_start', { prompt_id: prompt.id, timestamp: Date.now() });
    send(prompt.clientId, 'execution_cached', { nodes: [], prompt_id: prompt.id, timestamp: Date.now() });
    const depthNode = Object.entries(prompt.workflow).find(([, node]) => /Depth/.test(node.class_type))?.[0];
    const samplerNode = Object.entries(prompt.workflow).find(([, node]) => node.class_type === 'KSampler')?.[0] ?? '3';
    if (depthNode) send(prompt.clientId, 'executing', { node: depthNode, display_node: depthNode, prompt_id: prompt.id });
    await pause(2);
    if (mode === 'drop-socket') clients.get(prompt.clientId)?.terminate();
    send(prompt.clientId, 'executing', { node: samplerNode, display_node: samplerNode, prompt_id: prompt.id });
    const steps = 4;
    for (let value = 1; value <= steps; value += 1) {
      if (stopped.has(prompt.id)) return;
      send(prompt.clientId, 'progress', { value, max: steps, prompt_id: prompt.id, node: samplerNode });
      await pause(2);
      if (mode === 'hang' && value === 2) return;
    }
    if (mode === 'error') {
      const error = {
        prompt_id: prompt.id,
        node_id: samplerNode,
        node_type: 'KSampler',
        executed: [],
        exception_message: state.errorMessage,
        exception_type: state.errorType,
        traceback: ['...'],
        current_inputs: {},
        current_outputs: {},
      };
      send(prompt.clientId, 'execution_error', error);
      history.set(prompt.id, {
        prompt: [],
        outputs: {},
        status: {
          status_str: 'error',
          completed: false,
          messages: [
            ['execution_start', { prompt_id: prompt.id }],
            ['execution_error', error],
          ],
        },
      });
      state.running = null;
      return;
    }
    succeed(prompt);
  };

  const server = await startFakeHttpServer(async (request): Promise<FakeReply> => {
    const { method, path } = request;
    if (method === 'POST' && path === '/upload/image') {
      const scripted = script.take('upload');
      if (scripted) return scripted;
      const form = await request.form();
      const file = form.get('image');
      if (!(file instanceof Blob)) return { status: 400, body: 'no image' };
      const name = (file as File).name || 'upload.jpg';
      uploads.set(name, {
        data: Buffer.from(await file.arrayBuffer()),
        type: form.get('type') as string | null,
        overwrite: form.get('overwrite') as string | null,
      });
      return { json: { name, subfolder: '', type: 'input' } };
    }
    if (method === 'POST' && path === '/prompt') {
      const scripted = script.take('prompt');
      if (scripted) return scripted;
      const body = request.json() as { prompt: FakePrompt['workflow']; client_id: string };
      const prompt: FakePrompt = { id: randomUUID(), clientId: body.client_id, workflow: body.prompt };
      prompts.push(prompt);
      void run(prompt, state.mode);
      return { json: { prompt_id: prompt.id, number: prompts.length, node_errors: {} } };
    }
    const historyMatch = /^\/history\/([^/]+)$/.exec(path);
    if (method === 'GET' && historyMatch) {
      const scripted = script.take('history');
      if (scripted) return scripted;
      const entry = history.get(historyMatch[1]);
      return { json: entry ? { [historyMatch[1]]: entry } : {} };
    }
    if (method === 'GET' && path === '/view') {
      const scripted = script.take('view');
      if (scripted) return scripted;
      if (request.query.get('type') !== 'output' || !request.query.get('filename')) return { status: 404, body: '404: Not Found' };
      return { headers: { 'content-type': 'image/png' }, body: state.outputImage };
    }
    if (method === 'GET' && path === '/queue') {
      const item = (id: string) => [1, id, {}, {}, ['12']];
      return { json: { queue_running: state.running ? [item(state.running)] : [], queue_pending: state.pending.map(item) } };
    }
    if (method === 'POST' && path === '/queue') {
      const body = request.json() as { delete?: string[] };
      if (body.delete) {
        queueDeletes.push(body.delete);
        state.pending = state.pending.filter((id) => !body.delete?.includes(id));
      }
      return { status: 200 };
    }
    if (method === 'POST' && path === '/interrupt') {
      const body = request.body.length ? (request.json() as { prompt_id?: string }) : {};
      interrupts.push(body);
      const target = body.prompt_id ?? state.running;
      if (target && target === state.running) {
        stopped.add(target);
        const prompt = prompts.find((candidate) => candidate.id === target);
        if (prompt)
          send(prompt.clientId, 'execution_interrupted', { prompt_id: target, node_id: '10', node_type: 'KSampler', executed: [] });
        history.set(target, {
          prompt: [],
          outputs: {},
          status: { status_str: 'error', completed: false, messages: [['execution_interrupted', { prompt_id: target }]] },
        });
        state.running = null;
      }
      return { status: 200 };
    }
    if (method === 'GET' && path === '/system_stats') {
      return (
        script.take('stats') ?? {
          json: {
            system: { os: 'posix', python_version: '3.12.3', comfyui_version: '0.3.40', embedded_python: false },
            devices: [{ name: 'cuda:0 NVIDIA L4', type: 'cuda', vram_total: 23_580_000_000, vram_free: 20_000_000_000 }],
          },
        }
      );
    }
    return { status: 404, body: '404: Not Found' };
  }, options.port);

  const sockets = new WebSocketServer({ noServer: true });
  server.server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/ws' || !state.socketEnabled) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client) => {
      const clientId = url.searchParams.get('clientId') ?? randomUUID().replace(/-/g, '');
      clients.set(clientId, client);
      client.send(
        JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: state.pending.length } }, sid: clientId } }),
      );
      client.on('close', () => clients.delete(clientId));
    });
  });

  return {
    url: server.url,
    state,
    script,
    uploads,
    prompts,
    interrupts,
    queueDeletes,
    requests: server.requests,
    promptRequests: () => server.requests.filter((request) => request.method === 'POST' && request.path === '/prompt'),
    connectedClients: () => [...clients.keys()],
    close: async () => {
      for (const client of clients.values()) client.terminate();
      sockets.close();
      await server.close();
    },
  };
}
