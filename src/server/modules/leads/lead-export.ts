// Every lead the admin's list matches, in its order, a batch at a time: the leads CSV export (decision 073). It has
// no use for the scores' explanations, so they are not worked out.
//
// - SQLite: a keyset. Each batch starts after the last row of the one before, on the sort column and then the id,
//   through the sort's index; the values are read back exactly as stored (timestamps are ISO text there). (Pages
//   by offset read every earlier row again for each page, and repeat or skip rows when a lead arrives meanwhile.)
// - PostgreSQL: one server-side cursor in one read-only transaction. No index covers a score column there (decision
//   032), so a keyset sorted by a score would sort every remaining match again for each batch; the cursor sorts
//   once, and the whole export reads one snapshot of the leads. It holds a connection while the download runs.
import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '#server/db/database';
import { isPostgres } from '#server/db/sql-dialect';
import { listedLeadsQuery, searchCondition, toListedLead, type LeadFilters, type ListedLead } from './lead-lists.repository';

type Row = Parameters<typeof toListedLead>[0];

export async function* allMatchingLeads(db: Db, query: LeadFilters, batch: number): AsyncGenerator<ListedLead[]> {
  const leads = listedLeadsQuery(db, query, await searchCondition(db, query));
  const rows = isPostgres(db)
    ? throughCursor(db, leads.compile(), batch)
    : byKeyset(batch, (after) =>
        leads
          .$if(after !== undefined, (qb) =>
            qb.where((eb) =>
              eb(
                eb.refTuple(`leads.${query.sort}`, 'leads.id'),
                query.order === 'desc' ? '<' : '>',
                eb.tuple(after![query.sort], after!.id),
              ),
            ),
          )
          .limit(batch)
          .execute(),
      );
  for await (const found of rows) yield found.map(toListedLead);
}

async function* byKeyset(batch: number, after: (last: Row | undefined) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let last: Row | undefined;
  do {
    const rows = await after(last);
    if (rows.length) yield rows;
    last = rows.length === batch ? rows[batch - 1] : undefined;
  } while (last);
}

/**
 * The query's rows through a cursor, `batch` at a time. Kysely lends a transaction's connection to a callback; the
 * callback hands each batch over here and waits until the next is asked for, or the export stops (finished, failed
 * or the download abandoned: the generator's `finally`), then commits and gives the connection back.
 */
async function* throughCursor(db: Db, query: CompiledQuery<Row>, batch: number): AsyncGenerator<Row[]> {
  let fetched = settable<Row[]>();
  let goOn = settable<boolean>();
  const reading = db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      await trx.executeQuery({ ...query, sql: `declare leads_export no scroll cursor for ${query.sql}` });
      for (;;) {
        const { rows } = await sql<Row>`fetch forward ${sql.lit(batch)} from leads_export`.execute(trx);
        goOn = settable();
        fetched.set(rows);
        if (rows.length < batch || !(await goOn.promise)) return;
      }
    })
    .catch((error: unknown) => {
      fetched.fail(error);
      throw error;
    });
  try {
    for (;;) {
      const rows = await fetched.promise;
      fetched = settable();
      if (rows.length) yield rows;
      if (rows.length < batch) return;
      goOn.set(true);
    }
  } finally {
    goOn.set(false);
    await reading;
  }
}

/** A promise and the two functions that settle it. */
function settable<T>() {
  let set!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    set = resolve;
    fail = reject;
  });
  // A failure nobody waits for any more (the export already stopped) is not an unhandled rejection: `reading` reports it.
  promise.catch(() => undefined);
  return { promise, set, fail };
}
