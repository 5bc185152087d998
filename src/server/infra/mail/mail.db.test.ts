// The durable mail path against the real app database (SQLite or PostgreSQL, per Vitest project) and a
// real SMTP server on 127.0.0.1: delivery, outages, crashed senders, giving up, competing senders, .eml files.
import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import type { Db } from '#server/db/database';
import { newStorageKey, type Storage } from '#server/infra/storage/storage';
import { createMailSender, mailDomain, retryDelayMs, type MailSender, type MailSenderOptions } from './mail-sender';
import { createMailTransport, type MailTransport } from './mail-transport';
import { queueMail, type OutgoingMail } from './outbox';

const MAIL_FROM = 'MetroWest AI Renovations <hello@metrowest.test>';

type Received = { mail: ParsedMail; rcptTo: string[]; user: unknown };
type SmtpPeer = { port: number; received: Received[]; rejectedRecipients: number; close: () => Promise<void> };

/** A real SMTP server (smtp-server) that parses what it accepts; `rejectWith` turns every recipient away with a 450. */
async function startSmtpPeer(port = 0, options: { rejectWith?: string } = {}): Promise<SmtpPeer> {
  const peer: SmtpPeer = { port, received: [], rejectedRecipients: 0, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    // Plain text on loopback: nodemailer would otherwise upgrade and refuse smtp-server's self-signed certificate.
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      if (auth.password === 'secret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (!options.rejectWith) return callback();
      peer.rejectedRecipients += 1;
      callback(Object.assign(new Error(options.rejectWith), { responseCode: 450 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream, { keepCidLinks: true }).then((mail) => {
        peer.received.push({ mail, rcptTo: session.envelope.rcptTo.map((to) => to.address), user: session.user });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  peer.port = (server.server.address() as AddressInfo).port;
  peer.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}

let harness: TestApp;
let db: Db;
let storage: Storage;
let clock: number;
const now = () => new Date(clock);
const at = (offsetMs = 0) => new Date(clock + offsetMs).toISOString();
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  harness = await createTestApp({ overrides: { startWorker: false } });
  db = harness.app.database.db;
  storage = harness.app.storage;
});
afterAll(() => harness.close());

beforeEach(async () => {
  await db.deleteFrom('mail_outbox').execute();
  clock = Date.parse('2030-03-01T09:00:00.000Z');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function smtpTransport(port: number, user = 'mailer'): MailTransport {
  const transport = createMailTransport({
    smtpUrl: `smtp://${user}:secret@127.0.0.1:${port}`,
    dataDir: harness.dataDir,
    mailFrom: MAIL_FROM,
  });
  cleanups.push(() => transport.close());
  return transport;
}

function sender(transport: MailTransport, options: Partial<MailSenderOptions> = {}): MailSender {
  const created = createMailSender({ db, storage, transport, mailFrom: MAIL_FROM, now, ...options });
  cleanups.push(() => created.stop());
  return created;
}

async function peer(port?: number, options?: { rejectWith?: string }) {
  const started = await startSmtpPeer(port, options);
  cleanups.push(() => started.close());
  return started;
}

const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  kind: 'contractor-lead',
  to: 'homeowner@example.com',
  subject: 'Your kitchen redesign',
  html: '<p>Here is your new kitchen.</p>',
  text: 'Here is your new kitchen.',
  ...overrides,
});

const row = (id: string) => db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const rows = () => db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

async function storedImage() {
  const image = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const key = newStorageKey('uploads', 'png');
  await storage.put(key, image);
  return { image, key };
}

describe('mail over SMTP', () => {
  it('delivers a queued message with bodies, an inline image and its stored Message-ID', async () => {
    const server = await peer();
    const transport = smtpTransport(server.port);
    expect(transport.name).toBe('smtp');
    const { image, key } = await storedImage();
    const id = await queueMail(
      db,
      mail({
        html: '<p>Here is your new kitchen.</p><img src="cid:design@metrowest">',
        attachments: [{ filename: 'design.png', storageKey: key, contentType: 'image/png', cid: 'design@metrowest' }],
      }),
      now(),
    );

    await sender(transport).tick();

    const stored = await row(id);
    expect(stored).toMatchObject({
      status: 'sent',
      attempts: 1,
      sent_at: at(),
      locked_until: null,
      last_error: null,
      message_id: `<${id}@metrowest.test>`,
    });
    expect(server.received).toHaveLength(1);
    const [{ mail: received, rcptTo, user }] = server.received;
    expect(rcptTo).toEqual(['homeowner@example.com']);
    expect(user).toBe('mailer');
    expect(received.messageId).toBe(stored.message_id);
    expect(received.from?.value).toEqual([{ name: 'MetroWest AI Renovations', address: 'hello@metrowest.test' }]);
    expect(received.subject).toBe('Your kitchen redesign');
    expect(received.html).toContain('<img src="cid:design@metrowest">');
    expect(received.text?.trim()).toBe('Here is your new kitchen.');
    expect(received.attachments).toHaveLength(1);
    expect(received.attachments[0]).toMatchObject({
      filename: 'design.png',
      contentType: 'image/png',
      cid: 'design@metrowest',
      related: true,
    });
    expect(received.attachments[0].content.equals(image)).toBe(true);
  });

  it('keeps messages through an SMTP outage and delivers each exactly once when the server is back', async () => {
    const first = await startSmtpPeer();
    const port = first.port;
    await first.close();
    const mailer = sender(smtpTransport(port));
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await queueMail(db, mail({ subject: `Message ${n}` }), now()));

    await mailer.tick();
    for (const stored of await rows()) {
      expect(stored).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: at(5_000), locked_until: null });
      expect(stored.last_error).toMatch(/ECONNREFUSED|connect/i);
    }

    const restarted = await peer(port);
    await mailer.tick();
    expect(restarted.received).toHaveLength(0); // still backing off

    clock += 5_000;
    for (let round = 0; round < 5 && (await rows()).some((stored) => stored.status !== 'sent'); round += 1) await mailer.tick();

    const final = await rows();
    expect(final.map((stored) => [stored.status, stored.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
      ['sent', 2],
    ]);
    const receivedIds = restarted.received.map(({ mail: received }) => received.messageId);
    expect(receivedIds).toHaveLength(3);
    expect(new Set(receivedIds)).toEqual(new Set(final.map((stored) => stored.message_id)));
  });

  it('recovers a message whose sender died and leaves one under a live lease alone', async () => {
    const server = await peer();
    const mailer = sender(smtpTransport(server.port), { maxAttempts: 3 });
    const abandoned = await queueMail(db, mail({ subject: 'Abandoned' }), now());
    const busy = await queueMail(db, mail({ subject: 'Busy elsewhere' }), now());
    const exhausted = await queueMail(db, mail({ subject: 'Out of attempts' }), now());
    const sending = (id: string, attempts: number, lockedUntil: string) =>
      db
        .updateTable('mail_outbox')
        .set({ status: 'sending', attempts, locked_until: lockedUntil, message_id: `<${id}@metrowest.test>` })
        .where('id', '=', id)
        .execute();
    await sending(abandoned, 1, at(-1_000));
    await sending(busy, 1, at(30_000));
    await sending(exhausted, 3, at(-1_000));

    await mailer.tick();

    expect(await row(abandoned)).toMatchObject({ status: 'sent', attempts: 2, message_id: `<${abandoned}@metrowest.test>` });
    expect(await row(busy)).toMatchObject({ status: 'sending', attempts: 1, locked_until: at(30_000) });
    expect(await row(exhausted)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'The sender stopped while sending this message.',
    });
    expect(server.received.map(({ mail: received }) => received.messageId)).toEqual([`<${abandoned}@metrowest.test>`]);

    clock += 31_000; // the other sender's lease runs out too
    await mailer.tick();
    expect(await row(busy)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(server.received.map(({ mail: received }) => received.subject)).toEqual(['Abandoned', 'Busy elsewhere']);
  });

  it('backs off between attempts and fails a message for good after maxAttempts, keeping its last error', async () => {
    const server = await peer(0, { rejectWith: 'Mailbox busy, try later' });
    const mailer = sender(smtpTransport(server.port), { maxAttempts: 3 });
    const id = await queueMail(db, mail(), now());

    await mailer.tick();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: at(5_000) });
    clock += 5_000;
    await mailer.tick();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: at(10_000) });
    clock += 10_000;
    await mailer.tick();

    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, locked_until: null, sent_at: null });
    expect(failed.last_error).toContain('Mailbox busy, try later');
    clock += 24 * 3_600_000;
    await mailer.tick();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(server.rejectedRecipients).toBe(3);
    expect(server.received).toHaveLength(0);
  });

  it('delivers each message once when two senders work the same outbox at the same time', async () => {
    const server = await peer();
    const first = sender(smtpTransport(server.port, 'sender-a'));
    const second = sender(smtpTransport(server.port, 'sender-b'));
    for (const n of [1, 2, 3, 4, 5, 6]) await queueMail(db, mail({ subject: `Message ${n}` }), now());

    await Promise.all([first.tick(), second.tick()]);

    const final = await rows();
    // attempts would be 2 if both senders had claimed the same row.
    expect(final.map((stored) => [stored.status, stored.attempts])).toEqual(Array.from({ length: 6 }, () => ['sent', 1]));
    const receivedIds = server.received.map(({ mail: received }) => received.messageId);
    expect(receivedIds).toHaveLength(6);
    // Both really competed: each delivered some of the messages.
    expect(new Set(server.received.map(({ user }) => user))).toEqual(new Set(['sender-a', 'sender-b']));
    expect(new Set(receivedIds)).toEqual(new Set(final.map((stored) => stored.message_id)));
  });

  it('waits for the message being sent when stopped', async () => {
    const server = await peer();
    const transport = smtpTransport(server.port);
    let sendStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (sendStarted = resolve));
    const mailer = sender({ ...transport, send: (message) => (sendStarted(), transport.send(message)) });
    const id = await queueMail(db, mail(), now());

    mailer.start();
    await started;
    await mailer.stop();

    expect(await row(id)).toMatchObject({ status: 'sent' });
    expect(server.received).toHaveLength(1);
  });
});

describe('mail as .eml files (no SMTP_URL)', () => {
  it('removes the .tmp files a crash left behind when it starts, and leaves a write in progress alone', async () => {
    const folder = path.join(harness.dataDir, 'outbox');
    await mkdir(folder, { recursive: true });
    const abandoned = path.join(folder, 'abc.eml.1234.tmp');
    const inProgress = path.join(folder, 'def.eml.5678.tmp');
    await writeFile(abandoned, 'half a message');
    await writeFile(inProgress, 'being written');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(abandoned, anHourAgo, anHourAgo);
    const transport = createMailTransport({ dataDir: harness.dataDir, mailFrom: MAIL_FROM });
    cleanups.push(() => transport.close());
    const left = await readdir(folder);
    expect(left).not.toContain('abc.eml.1234.tmp');
    expect(left).toContain('def.eml.5678.tmp');
    await rm(inProgress);
  });

  it('writes each message to DATA_DIR/outbox/{id}.eml, atomically and idempotently', async () => {
    const transport = createMailTransport({ dataDir: harness.dataDir, mailFrom: MAIL_FROM });
    cleanups.push(() => transport.close());
    expect(transport.name).toBe('eml-files');
    const mailer = sender(transport);
    const { image, key } = await storedImage();
    const id = await queueMail(db, mail({ attachments: [{ filename: 'design.png', storageKey: key, contentType: 'image/png' }] }), now());

    await mailer.tick();
    // A lost "sent" mark means the same message is written again: same file, no leftovers.
    await db.updateTable('mail_outbox').set({ status: 'pending' }).where('id', '=', id).execute();
    await mailer.tick();

    const folder = path.join(harness.dataDir, 'outbox');
    expect(await readdir(folder)).toEqual([`${id}.eml`]);
    const raw = await readFile(path.join(folder, `${id}.eml`));
    expect(raw.includes('\r\n')).toBe(true);
    const parsed = await simpleParser(raw);
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 2 });
    expect(parsed.messageId).toBe(stored.message_id);
    expect(parsed.subject).toBe('Your kitchen redesign');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({ filename: 'design.png', contentType: 'image/png', contentDisposition: 'attachment' });
    expect(parsed.attachments[0].content.equals(image)).toBe(true);
  });
});

describe('queueMail', () => {
  it('queues nothing when the caller’s transaction rolls back, and one pending row when it commits', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await queueMail(trx, mail(), now());
        throw new Error('the lead could not be saved');
      }),
    ).rejects.toThrow('the lead could not be saved');
    expect(await rows()).toHaveLength(0);

    const id = await db.transaction().execute((trx) => queueMail(trx, mail(), now()));
    expect(await rows()).toEqual([
      expect.objectContaining({
        id,
        status: 'pending',
        attempts: 0,
        next_attempt_at: at(),
        message_id: null,
        attachments: '[]',
        to_address: 'homeowner@example.com',
      }),
    ]);
  });
});

describe('sender rules', () => {
  it('backs off 5 s, 10 s, 20 s… up to 15 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(20)).toBe(15 * 60_000);
  });

  it('takes the Message-ID domain from MAIL_FROM', () => {
    expect(mailDomain('MetroWest <hello@Example.com>')).toBe('example.com');
    expect(mailDomain('hello@metrowest.test')).toBe('metrowest.test');
    expect(mailDomain('MetroWest')).toBe('localhost');
  });
});
