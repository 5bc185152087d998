// Issue 22: the admin's leads search through an index instead of a scan of every lead. SQLite: an FTS5
// table with the trigram tokenizer over email, name, ZIP and style, kept in step with `leads` by triggers
// (only changes to those four columns touch it). PostgreSQL: the same four columns, lower-cased and
// joined by newlines (a search term never holds one, so a match never spans two columns), in a side table
// kept by a trigger, with pg_trgm's GIN index on it.
// lead-search.ts writes the matching queries; both answer "contains, case-insensitive" for terms of three
// characters or more, and shorter terms fall back to the scan.
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  if (t.isPostgres) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    // The searched text in a table of its own, so rescoring and status changes (which rewrite lead rows
    // and so every index on them) never touch the trigram index.
    await sql`create table lead_search_text (
      lead_id text primary key references leads (id) on delete cascade,
      text text not null
    )`.execute(db);
    await sql`create function lead_search_text_sync() returns trigger language plpgsql as $$
      begin
        insert into lead_search_text (lead_id, text)
        values (new.id, lower(coalesce(new.email, '') || E'\n' || coalesce(new.name, '') || E'\n' || coalesce(new.zip, '') || E'\n' || coalesce(new.style, '')))
        on conflict (lead_id) do update set text = excluded.text;
        return null;
      end $$`.execute(db);
    await sql`create trigger leads_search_sync after insert or update of email, name, zip, style on leads
      for each row execute function lead_search_text_sync()`.execute(db);
    await sql`insert into lead_search_text (lead_id, text)
      select id, lower(coalesce(email, '') || E'\n' || coalesce(name, '') || E'\n' || coalesce(zip, '') || E'\n' || coalesce(style, '')) from leads`.execute(
      db,
    );
    await sql`create index lead_search_text_trgm on lead_search_text using gin (text gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table leads_search using fts5(email, name, zip, style, content='leads', content_rowid='rowid', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger leads_search_insert after insert on leads begin
    insert into leads_search (rowid, email, name, zip, style) values (new.rowid, new.email, new.name, new.zip, new.style);
  end`.execute(db);
  await sql`create trigger leads_search_delete after delete on leads begin
    insert into leads_search (leads_search, rowid, email, name, zip, style) values ('delete', old.rowid, old.email, old.name, old.zip, old.style);
  end`.execute(db);
  await sql`create trigger leads_search_update after update of email, name, zip, style on leads begin
    insert into leads_search (leads_search, rowid, email, name, zip, style) values ('delete', old.rowid, old.email, old.name, old.zip, old.style);
    insert into leads_search (rowid, email, name, zip, style) values (new.rowid, new.email, new.name, new.zip, new.style);
  end`.execute(db);
  await sql`insert into leads_search (leads_search) values ('rebuild')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  if (t.isPostgres) {
    await sql`drop trigger if exists leads_search_sync on leads`.execute(db);
    await sql`drop function if exists lead_search_text_sync()`.execute(db);
    await sql`drop table if exists lead_search_text`.execute(db);
    return;
  }
  for (const trigger of ['leads_search_insert', 'leads_search_delete', 'leads_search_update'])
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  await sql`drop table if exists leads_search`.execute(db);
}
