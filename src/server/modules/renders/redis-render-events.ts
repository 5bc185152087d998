// Render events across processes (REDIS_URL set): workers and web instances are different processes, so state
// changes, cancel requests and provider callbacks travel through Redis pub/sub. Every process subscribes and
// replays what arrives into its local RenderEvents, so SSE streams, running jobs and routes use the same interface.
// Pub/sub is fire-and-forget by design: the database row stays the truth and streams also re-read it every second.
import type { Redis } from 'ioredis';
import { createRenderEvents, type RenderEvents } from './render-events';
import type { Log } from '#server/infra/log';

type Message = { kind: 'state' | 'cancel' | 'remote'; renderId: string };

export type RedisRenderEvents = RenderEvents & { close: () => Promise<void> };

/** publisher: a normal connection; subscriber: a connection of its own (a subscribed connection can only listen). */
export async function createRedisRenderEvents(options: {
  publisher: Redis;
  subscriber: Redis;
  prefix: string;
  log?: Pick<Log, 'warn'>;
}): Promise<RedisRenderEvents> {
  const { publisher, subscriber } = options;
  const channel = `${options.prefix}:render-events`;
  const local = createRenderEvents();

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: Message;
    try {
      message = JSON.parse(text) as Message;
    } catch {
      return;
    }
    if (message.kind === 'state') local.publish(message.renderId);
    else if (message.kind === 'cancel') local.cancel(message.renderId);
    else if (message.kind === 'remote') local.remoteUpdated(message.renderId);
  });
  await subscriber.subscribe(channel);

  const send = (message: Message) => {
    publisher
      .publish(channel, JSON.stringify(message))
      .catch((error: unknown) => options.log?.warn({ err: error, ...message }, 'publishing a render event failed'));
  };

  return {
    // Delivered to this process too, through its own subscription.
    publish: (renderId) => send({ kind: 'state', renderId }),
    subscribe: local.subscribe,
    track: local.track,
    /** The render runs in some worker: every process (this one included) gets the request through Redis. */
    cancel(renderId) {
      send({ kind: 'cancel', renderId });
      return true;
    },
    remoteUpdated: (renderId) => send({ kind: 'remote', renderId }),
    onRemoteUpdate: local.onRemoteUpdate,
    async close() {
      await subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
}
