// The retention purge with backdated rows: uploads that never reached the email step go after the
// retention period, with their renders and images; emailed, recent and in-progress ones stay; two purges
// at once (two instances) purge each upload once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderStatus } from '#server/db/schema';
import type { Log } from '#server/infra/log';
import { purgeStaleUploads } from '#server/modules/account/retention-purge';
import { StorageObjectMissingError } from '#server/infra/storage/storage';
import { insertLead } from './admin-harness';
import { createTestApp, type TestApp } from '../helpers/test-app';

let harness: TestApp;
const NOW = new Date('2027-03-01T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

beforeAll(async () => {
  harness = await createTestApp({ overrides: { startWorker: false } });
});
afterAll(() => harness.close());

/** An upload created `age` days ago with one render, its images in storage; `emailed` adds a lead. */
async function upload(age: number, options: { emailed?: boolean; renderStatus?: RenderStatus } = {}) {
  const { db } = harness.app.database;
  const id = randomUUID();
  const renderId = randomUUID();
  const keys = [`uploads/${id}/image.jpg`, `uploads/${id}/email.jpg`, `renders/${renderId}/result.jpg`, `renders/${renderId}/preview.jpg`];
  for (const key of keys) await harness.app.storage.put(key, Buffer.from(key));
  await db
    .insertInto('uploads')
    .values({
      id,
      storage_key: keys[0],
      email_copy_key: keys[1],
      original_format: 'jpeg',
      original_size: 10,
      processed_size: 10,
      original_width: 10,
      original_height: 10,
      width: 10,
      height: 10,
      created_at: daysAgo(age),
    })
    .execute();
  await db
    .insertInto('renders')
    .values({
      id: renderId,
      upload_id: id,
      room_type: 'kitchen',
      engine: 'structural-design-ai',
      seed: 1,
      status: options.renderStatus ?? 'succeeded',
      result_key: keys[2],
      preview_key: keys[3],
      created_at: daysAgo(age),
      updated_at: daysAgo(age),
    })
    .execute();
  if (options.emailed) await insertLead(db, { render_id: renderId });
  return { id, keys };
}

const stored = async (key: string) =>
  harness.app.storage.get(key).then(
    () => true,
    (error: unknown) => {
      if (error instanceof StorageObjectMissingError) return false;
      throw error;
    },
  );
const exists = async (id: string) =>
  Boolean(await harness.app.database.db.selectFrom('uploads').select('id').where('id', '=', id).executeTakeFirst());

function capturingLog() {
  const lines: { object: object; message: string }[] = [];
  const log: Log = { info: (object, message) => lines.push({ object, message }), warn: () => {}, error: () => {} };
  return { log, lines };
}

describe('purgeStaleUploads', () => {
  it('purges old uploads that never reached the email step, keeps the rest, and logs the counts', async () => {
    const stale = await upload(31);
    const staleFailed = await upload(45, { renderStatus: 'failed' });
    const emailed = await upload(90, { emailed: true });
    const recent = await upload(29);
    const rendering = await upload(40, { renderStatus: 'running' });
    const { log, lines } = capturingLog();

    const result = await purgeStaleUploads({
      db: harness.app.database.db,
      storage: harness.app.storage,
      retentionDays: 30,
      log,
      now: () => NOW,
    });

    expect(result).toMatchObject({ purged: 2, objectsRemoved: 8, objectsFailed: 0 });
    for (const gone of [stale, staleFailed]) {
      expect(await exists(gone.id)).toBe(false);
      for (const key of gone.keys) expect(await stored(key), key).toBe(false);
    }
    expect(
      await harness.app.database.db.selectFrom('renders').select('id').where('upload_id', 'in', [stale.id, staleFailed.id]).execute(),
    ).toEqual([]);
    for (const kept of [emailed, recent, rendering]) {
      expect(await exists(kept.id)).toBe(true);
      for (const key of kept.keys) expect(await stored(key), key).toBe(true);
    }
    expect(lines).toEqual([
      { message: 'upload retention purge finished', object: expect.objectContaining({ retentionDays: 30, purged: 2, objectsRemoved: 8 }) },
    ]);

    // Idempotent: nothing left to do.
    expect(
      await purgeStaleUploads({ db: harness.app.database.db, storage: harness.app.storage, retentionDays: 30, now: () => NOW }),
    ).toMatchObject({ purged: 0 });
  });

  it('honours the configured retention', async () => {
    const tenDaysOld = await upload(10);
    await purgeStaleUploads({ db: harness.app.database.db, storage: harness.app.storage, retentionDays: 30, now: () => NOW });
    expect(await exists(tenDaysOld.id)).toBe(true);
    await purgeStaleUploads({ db: harness.app.database.db, storage: harness.app.storage, retentionDays: 7, now: () => NOW });
    expect(await exists(tenDaysOld.id)).toBe(false);
  });

  it('purges each upload once when two instances run at the same time', async () => {
    const uploads = await Promise.all(Array.from({ length: 6 }, () => upload(60)));
    const run = () => purgeStaleUploads({ db: harness.app.database.db, storage: harness.app.storage, retentionDays: 30, now: () => NOW });
    const [first, second] = await Promise.all([run(), run()]);
    expect(first.purged + second.purged).toBe(6);
    for (const { id, keys } of uploads) {
      expect(await exists(id)).toBe(false);
      for (const key of keys) expect(await stored(key)).toBe(false);
    }
  });

  it('is configured by UPLOAD_RETENTION_DAYS, 30 by default', () => {
    expect(harness.config.uploadRetentionDays).toBe(30);
  });
});
