// ComfyUI's websocket (`/ws?clientId=`): the live feed of a run — which node executes, sampler steps, errors.
// https://docs.comfy.org/development/comfyui-server/comms_messages
import WebSocket from 'ws';

export type ComfyMessage =
  | { type: 'execution_start'; promptId: string }
  | { type: 'executing'; promptId: string; node: string | null }
  | { type: 'progress'; promptId: string; node: string | null; value: number; max: number }
  | {
      type: 'execution_error';
      promptId: string;
      node: string | null;
      nodeType: string | null;
      exceptionType: string;
      exceptionMessage: string;
    }
  | { type: 'execution_interrupted'; promptId: string }
  | { type: 'execution_success'; promptId: string };

export type ComfySocket = {
  /** Receives every message about any prompt; the caller filters by its prompt id. */
  onMessage: (listener: (message: ComfyMessage) => void) => void;
  /** Called once when the connection drops; the caller falls back to polling. */
  onClose: (listener: () => void) => void;
  readonly open: boolean;
  close: () => void;
};

/** Connects, or resolves null when the socket cannot be opened in time: polling the history still works without it. */
export function connectComfySocket(
  url: string,
  options: { headers: Record<string, string>; timeoutMs: number },
): Promise<ComfySocket | null> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers: options.headers, handshakeTimeout: options.timeoutMs });
    const messageListeners: ((message: ComfyMessage) => void)[] = [];
    const closeListeners: (() => void)[] = [];
    let settled = false;
    let open = false;

    socket.on('open', () => {
      open = true;
      settled = true;
      resolve({
        onMessage: (listener) => messageListeners.push(listener),
        onClose: (listener) => closeListeners.push(listener),
        get open() {
          return open;
        },
        close: () => {
          open = false;
          socket.removeAllListeners('close');
          socket.on('error', () => undefined);
          socket.terminate();
        },
      });
    });
    socket.on('message', (data, isBinary) => {
      // Binary frames are live preview images; the result comes from the history, not from these.
      if (isBinary) return;
      const message = parseMessage(data.toString());
      if (message) for (const listener of messageListeners) listener(message);
    });
    socket.on('error', () => {
      if (!settled) {
        settled = true;
        resolve(null);
      }
    });
    socket.on('close', () => {
      open = false;
      if (!settled) {
        settled = true;
        resolve(null);
        return;
      }
      for (const listener of closeListeners) listener();
    });
  });
}

export function parseMessage(text: string): ComfyMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { type, data } = parsed as { type?: unknown; data?: Record<string, unknown> };
  if (typeof type !== 'string' || !data || typeof data !== 'object' || typeof data.prompt_id !== 'string') return null;
  const promptId = data.prompt_id;
  const node = typeof data.node === 'string' ? data.node : typeof data.node === 'number' ? String(data.node) : null;
  switch (type) {
    case 'execution_start':
    case 'execution_interrupted':
    case 'execution_success':
      return { type, promptId };
    case 'executing':
      return { type, promptId, node };
    case 'progress':
      return typeof data.value === 'number' && typeof data.max === 'number'
        ? { type, promptId, node, value: data.value, max: data.max }
        : null;
    case 'execution_error':
      return {
        type,
        promptId,
        node: typeof data.node_id === 'string' ? data.node_id : null,
        nodeType: typeof data.node_type === 'string' ? data.node_type : null,
        exceptionType: typeof data.exception_type === 'string' ? data.exception_type : 'Error',
        exceptionMessage: typeof data.exception_message === 'string' ? data.exception_message.trim() : 'no message',
      };
    default:
      return null;
  }
}
