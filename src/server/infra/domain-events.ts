// Domain events: a service says what happened, once its transaction has committed, and the effects that
// follow are subscribed in one place (app.ts) instead of being remembered by hand at every call site.
// emit() waits for the handlers, so the request that caused an event answers after its effects (the mail
// sender has been woken, the scores refreshed); a handler that fails is logged and never fails the request:
// a score a little stale is better than a refused quote.
import type { Log } from './log';

/** Every event and what it carries. */
export type DomainEventMap = {
  /** A message went into the mail outbox (committed): the sender should look now rather than at its next poll. */
  'mail.queued': Record<string, never>;
  /**
   * What the community feed shows changed: a like, a design shared, hidden, deleted or anonymised, a comment
   * added or removed. The feed's shared first pages are cleared (decision 031); a write that changes the feed
   * without it shows on the first page only after FEED_FIRST_PAGE_SECONDS.
   */
  'feed.changed': Record<string, never>;
  /**
   * A homeowner did something their lead scores count: an email step, a quote, a finished render, a feed like
   * or comment, time on site, a login, a confirmed address. `at` is when, for the rescore's timestamp.
   */
  'lead.engaged': { target: { email: string } | { userId: string } | { leadIds: string[] }; at?: Date };
};

export type DomainEventType = keyof DomainEventMap;
type Handler<K extends DomainEventType> = (payload: DomainEventMap[K]) => unknown;

export type DomainEvents = {
  emit: <K extends DomainEventType>(type: K, payload: DomainEventMap[K]) => Promise<void>;
  on: <K extends DomainEventType>(type: K, handler: Handler<K>) => void;
};

export function createDomainEvents(log?: Pick<Log, 'error'>): DomainEvents {
  const handlers = new Map<DomainEventType, Array<(payload: never) => unknown>>();
  return {
    on(type, handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    },
    async emit(type, payload) {
      for (const handler of (handlers.get(type) ?? []) as Handler<typeof type>[]) {
        try {
          await handler(payload);
        } catch (error) {
          log?.error({ err: error, event: type }, 'domain event handler failed');
        }
      }
    },
  };
}
