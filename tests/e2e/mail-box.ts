// Reads what the end-to-end SMTP server received, and reads or seeds the server's database.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { simpleParser, type ParsedMail } from 'mailparser';

/** Every message the SMTP server has received so far, parsed. */
export async function receivedMails(): Promise<ParsedMail[]> {
  const mailDir = process.env.E2E_MAIL_DIR!;
  const files = readdirSync(mailDir, { withFileTypes: true }).filter((entry) => entry.isFile());
  return Promise.all(files.map((file) => simpleParser(readFileSync(path.join(mailDir, file.name)))));
}

/** Every message the SMTP server has received for `address` so far. */
export async function mailsTo(address: string): Promise<ParsedMail[]> {
  const sentTo = (mail: ParsedMail) =>
    [mail.to ?? []].flat().some((entry) => entry.value.some((recipient) => recipient.address === address));
  return (await receivedMails()).filter(sentTo);
}

/** The first message for `address`, waiting for one to arrive. */
export async function waitForMailTo(address: string, timeoutMs = 15_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [first] = await mailsTo(address);
    if (first) return first;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
}

/** The first message for `address` with this subject, waiting for it to arrive. */
export async function waitForMailWithSubject(address: string, subject: string, timeoutMs = 15_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await mailsTo(address)).find((mail) => mail.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail "${subject}" to ${address} within ${timeoutMs} ms`);
}

/** A read-only look at the end-to-end server's SQLite database. */
export function queryServerDatabase<T>(sql: string, ...params: unknown[]): T[] {
  const database = new Database(path.join(process.env.E2E_DATA_DIR!, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    return database.prepare(sql).all(...params) as T[];
  } finally {
    database.close();
  }
}

/** Writes test data straight into the server's database (SQLite in WAL mode takes a second writer). */
export function writeServerDatabase(sql: string, ...params: unknown[]): void {
  const database = new Database(path.join(process.env.E2E_DATA_DIR!, 'app.db'), { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    database.prepare(sql).run(...params);
  } finally {
    database.close();
  }
}
