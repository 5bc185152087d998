import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import launchZips from '#shared/data/metrowest-zips.json' with { type: 'json' };
import { signIn } from '#tests/helpers/auth';
import { createTestApp, TEST_ADMIN } from '#tests/helpers/test-app';

describe('start-up data', () => {
  it('seeds the 63 launch ZIP codes once, and keeps one admin and its sessions across restarts with the configured password', async () => {
    const first = await createTestApp();
    try {
      const { db } = first.app.database;
      const zips = await db.selectFrom('service_area_zips').select(['zip', 'town', 'active']).orderBy('zip').execute();
      expect(zips).toHaveLength(63);
      expect(zips.length).toBe(launchZips.zips.length);
      expect(zips[0]).toEqual({ zip: '01701', town: 'Framingham', active: true });
      expect(zips.map((row) => row.zip)).toEqual(expect.arrayContaining(['01702', '01760', '02481', '02482', '02495']));

      const admin = await db.selectFrom('users').selectAll().where('email', '=', TEST_ADMIN.email).executeTakeFirstOrThrow();
      expect(admin.role).toBe('admin');
      expect(admin.login_count).toBe(0);
      const { cookie } = await signIn(first.app, TEST_ADMIN);
      await first.app.close();

      // Restart on the same data with a new admin password: still one admin, the new password works.
      const second = await createTestApp({
        reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
        env: { ADMIN_PASSWORD: 'changed-password' },
      });
      try {
        const admins = await second.app.database.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
        expect(admins).toHaveLength(1);
        expect(await second.app.database.db.selectFrom('service_area_zips').select('zip').execute()).toHaveLength(63);
        expect((await signIn(second.app, { email: TEST_ADMIN.email, password: 'changed-password' })).response.statusCode).toBe(200);
        expect((await signIn(second.app, TEST_ADMIN)).response.statusCode).toBe(401);
        // Sessions live in the database: one made before the restart still works after it.
        const session = await second.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
        expect(session.json()).toMatchObject({ success: true, profile: { role: 'admin' } });
      } finally {
        await second.app.close();
      }
    } finally {
      await first.dropDatabase?.();
      await rm(first.dataDir, { recursive: true, force: true });
    }
  });
});
