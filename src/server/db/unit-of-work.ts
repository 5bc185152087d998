// A unit of work: runs a service's rules against a store (the repository functions it needs, bound to one
// transaction) and commits when the work returns, rolls back when it throws. Services take one of these
// instead of the database, so their rules can be tested on an in-memory store (tests/fakes) while the
// database's own behaviour is tested through the app on SQLite and PostgreSQL.
import type { Db } from './database';

export type UnitOfWork<Store> = <T>(work: (store: Store) => Promise<T>) => Promise<T>;

/** The database's unit of work: one transaction per call, with the store bound to it. */
export function transactional<Store>(db: Db, bind: (trx: Db) => Store): UnitOfWork<Store> {
  return (work) => db.transaction().execute((trx) => work(bind(trx)));
}
