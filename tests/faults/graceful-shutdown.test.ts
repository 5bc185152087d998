// SIGTERM while a render runs (two queued behind it), a mail is being sent, browsers follow two renders live
// and a client waits on the seed's /api/generate call: the server stops accepting and claiming, finishes the
// render and the send, tells each stream and the waiting call how things stand, closes the database and exits 0
// within a bound; the next start runs the queued renders and sends nothing twice.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { call, openDataDb, signUpOver, startServer, waitFor, type ServerProcess } from './server-process';

/**
 * Longer than the 12 MP render (1–7 s, by the machine's load) and the held SMTP answer, shorter than the
 * server's own 25 s shutdown timeout (which would exit 1) and a container's 30 s kill timeout.
 */
const SHUTDOWN_BOUND_MS = 20_000;
const SMTP_HOLD_MS = 1500;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('SIGTERM', () => {
  it('stops accepting, finishes the running render and the mail being sent, closes the database and exits 0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mw-sigterm-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let smtpAnswered = 0;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () =>
          setTimeout(() => {
            smtpAnswered += 1;
            callback();
          }, SMTP_HOLD_MS),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const env = { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` };

    let server: ServerProcess = await startServer(dataDir, env);
    cleanups.push(async () => void (await server.stop('SIGKILL')));
    const token = await signUpOver(server, 'sigterm@example.com');
    const upload = await call(
      `${server.url}/api/uploads`,
      'POST',
      token,
      await readFile(path.resolve('../shared/fixtures/rooms/living_room_12mp.jpg')),
    );
    const startRender = async () => {
      const render = await call(`${server.url}/api/renders`, 'POST', token, {
        uploadId: (upload.json.upload as { id: string }).id,
        roomType: 'living_room',
        engine: 'structural-design-ai',
        styleId: 'modern-zen',
      });
      return (render.json.render as { id: string }).id;
    };
    const renderId = await startRender();
    // Queued behind the first (one render at a time), with a browser following it too.
    const queuedId = await startRender();
    const queuedEvents = await fetch(`${server.url}/api/renders/${queuedId}/events`, { headers: { authorization: `Bearer ${token}` } });
    const queuedStream = queuedEvents.text().catch(() => 'stream cut');
    // The seed's call waits for its render, queued third.
    const kitchen = (await readFile(path.resolve('../shared/fixtures/rooms/kitchen_1.jpg'))).toString('base64');
    const generating = call(`${server.url}/api/generate-stable-diffusion`, 'POST', token, {
      imageData: `data:image/jpeg;base64,${kitchen}`,
      roomType: 'living_room',
      selectedStyle: { id: 'modern-zen' },
    });
    expect((await call(`${server.url}/api/newsletter/subscribe`, 'POST', undefined, { email: 'reader@example.com' })).status).toBe(200);
    // A browser following the render: a long-lived response the shutdown must not wait on forever.
    const events = await fetch(`${server.url}/api/renders/${renderId}/events`, { headers: { authorization: `Bearer ${token}` } });
    const stream = events.text().catch(() => 'stream cut');

    const db = openDataDb(dataDir);
    await waitFor(
      'the render to run',
      () => (db.prepare('select status from renders where id = ?').pluck().get(renderId) === 'running' ? true : undefined),
      15_000,
    );
    await waitFor(
      'the mail to be on its way',
      () => (db.prepare("select status from mail_outbox where kind = 'newsletter-confirm'").pluck().get() === 'sending' ? true : undefined),
      15_000,
    );
    await waitFor(
      "the seed call's render to be queued",
      () => (db.prepare('select count(*) from jobs').pluck().get() === 3 ? true : undefined),
      15_000,
    );
    // The test's own connection must not keep the database open while we check the server closed it.
    db.close();

    const stopping = server.stop('SIGTERM');
    // Stops accepting: soon after the signal (how soon depends on the machine's load), a request is refused
    // or told the server is closing.
    let late: number | string = 200;
    for (let attempt = 0; attempt < 50 && late === 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      late = await fetch(`${server.url}/api/health`).then(
        (response) => response.status,
        () => 'refused',
      );
    }
    const ended = await stopping;
    console.warn(`SIGTERM: exit ${ended.code} after ${ended.ms} ms; a request after it got ${late}`);
    if (ended.code !== 0) console.warn(server.output());
    expect(ended).toMatchObject({ code: 0, signal: null });
    expect(ended.ms).toBeLessThan(SHUTDOWN_BOUND_MS);
    expect([503, 'refused']).toContain(late);
    // The running render's stream says how it ended, however long the render took after the signal.
    expect(await stream).toContain('"status":"succeeded"');
    // No new work was started while draining: the queued renders stay queued; the stream following one ends
    // with its last state, and the waiting seed call is told the design is still being made.
    const queuedText = await queuedStream;
    expect(queuedText).toContain('"status":"queued"');
    expect(queuedText).not.toContain('"status":"succeeded"');
    const generated = await generating;
    expect(generated.status).toBe(503);
    expect(generated.json).toMatchObject({ success: false, error: expect.stringContaining('My Designs') });
    const generateId = generated.json.renderId as string;

    // Database closed cleanly: the last connection checkpointed the WAL and removed it.
    expect(existsSync(path.join(dataDir, 'app.db-wal'))).toBe(false);
    const after = openDataDb(dataDir);
    cleanups.push(async () => void after.close());
    expect(after.prepare('select status from renders where id = ?').pluck().get(renderId)).toBe('succeeded');
    const jobs = after
      .prepare("select status, attempts, locked_by, json_extract(payload, '$.renderId') as render_id from jobs order by created_at")
      .all();
    expect(jobs).toEqual([
      { status: 'succeeded', attempts: 1, locked_by: null, render_id: renderId },
      { status: 'queued', attempts: 0, locked_by: null, render_id: queuedId },
      { status: 'queued', attempts: 0, locked_by: null, render_id: generateId },
    ]);
    expect(after.prepare("select status, attempts from mail_outbox where kind = 'newsletter-confirm'").get()).toEqual({
      status: 'sent',
      attempts: 1,
    });
    expect(smtpAnswered).toBe(1);

    // The next start runs the queued renders at once and sends nothing again.
    server = await startServer(dataDir, env);
    await waitFor(
      'the queued renders to run',
      () =>
        after.prepare("select count(*) from renders where id in (?, ?) and status = 'succeeded'").pluck().get(queuedId, generateId) === 2
          ? true
          : undefined,
      30_000,
    );
    // The queue closes the job row just after the render row says succeeded: wait for it rather than read once.
    await waitFor(
      'the job to close',
      () => (after.prepare("select count(*) from jobs where status != 'succeeded'").pluck().get() === 0 ? true : undefined),
      15_000,
    );
    expect(after.prepare("select count(*) from mail_outbox where status != 'sent'").pluck().get()).toBe(0);
    expect(smtpAnswered).toBe(1);
  }, 90_000);
});
