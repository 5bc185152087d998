// A real SMTP server for the end-to-end run: every message the product sends is written to
// E2E_MAIL_DIR as an .eml file, where specs read it. And the fake AI providers the servers render with.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { E2E_SMTP_PORT } from './e2e-constants';
import { startFakeProviders } from './fake-providers';

export default async function globalSetup() {
  const mailDir = process.env.E2E_MAIL_DIR!;
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        writeFileSync(path.join(mailDir, `${Date.now()}-${count}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));
  // The Architectural Vision Engine renders through the fake Replicate (playwright.config.ts); providers.spec.ts
  // also starts a server bound to the fake ComfyUI.
  const providers = await startFakeProviders();
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await providers.close();
  };
}
