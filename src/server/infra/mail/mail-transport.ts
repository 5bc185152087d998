// How a built message leaves the process: SMTP through nodemailer when SMTP_URL is set (scale-out), or
// an RFC 822 .eml file per message in DATA_DIR/outbox (the embedded default, readable by any mail client).
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport, type SendMailOptions } from 'nodemailer';

export type BuiltAttachment = { filename: string; content: Buffer; contentType: string; cid?: string };

/** A message ready to send: everything resolved, attachments loaded, Message-ID fixed. */
export type BuiltMessage = {
  /** The mail_outbox row id; names the .eml file. */
  outboxId: string;
  /** `<…@…>`, the same on every attempt so a receiver can drop a duplicate. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: BuiltAttachment[];
};

export type MailTransport = {
  name: 'smtp' | 'eml-files';
  /** Resolves once the message is accepted (by the SMTP server, or written to disk); rejects otherwise. */
  send: (message: BuiltMessage) => Promise<void>;
  close: () => void;
};

export type MailTransportOptions = { smtpUrl?: string; dataDir: string; mailFrom: string };

/** Timeouts short enough that a dead server fails the attempt (and frees the sender) well inside its lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailTransport({ smtpUrl, dataDir, mailFrom }: MailTransportOptions): MailTransport {
  return smtpUrl ? createSmtpTransport(smtpUrl, mailFrom) : createEmlFileTransport(path.join(dataDir, 'outbox'), mailFrom);
}

function toNodemailer(message: BuiltMessage): SendMailOptions {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: message.messageId,
    attachments: message.attachments.map(({ filename, content, contentType, cid }) => ({
      filename,
      content,
      contentType,
      ...(cid ? { cid } : {}),
    })),
  };
}

function createSmtpTransport(smtpUrl: string, mailFrom: string): MailTransport {
  // One connection per message: the sender sends one at a time, so a pool would only hold idle sockets.
  // Query parameters in SMTP_URL (e.g. ?socketTimeout=60000) still override these defaults.
  const transporter = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from: mailFrom });
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail(toNodemailer(message));
    },
    close: () => transporter.close(),
  };
}

const SAFE_ID = /^[A-Za-z0-9_-]+$/;
/** A temporary file older than this belongs to no write in progress: its writer crashed. */
const ABANDONED_AFTER_MS = 60_000;

/** At start: the .tmp files a crash left between writing a message and renaming it into place. */
function removeAbandonedTemporaryFiles(folder: string) {
  if (!existsSync(folder)) return;
  const cutoff = Date.now() - ABANDONED_AFTER_MS;
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.tmp')) continue;
    const file = path.join(folder, name);
    if (statSync(file).mtimeMs < cutoff) rmSync(file, { force: true });
  }
}

function createEmlFileTransport(folder: string, mailFrom: string): MailTransport {
  removeAbandonedTemporaryFiles(folder);
  // CRLF line ends: the file is the exact RFC 822 message an SMTP server would have received.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from: mailFrom });
  return {
    name: 'eml-files',
    async send(message) {
      if (!SAFE_ID.test(message.outboxId)) throw new Error(`Unsafe outbox id for a file name: ${message.outboxId}`);
      const info = await composer.sendMail(toNodemailer(message));
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('The message composer did not return a buffer');
      await mkdir(folder, { recursive: true });
      // Temp file then rename: a crash never leaves half a message, and a retry simply replaces the file.
      const file = path.join(folder, `${message.outboxId}.eml`);
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, raw);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    close: () => composer.close(),
  };
}
