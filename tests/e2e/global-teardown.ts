// After the run: the server's log must hold none of the run's secrets; then the data dir the server used
// goes. The log stays in test-results/ to be read.
import { rm } from 'node:fs/promises';
import { secretsInServerLog } from './server-log-secrets';

export default async function globalTeardown() {
  const { E2E_DATA_DIR: dataDir, E2E_SERVER_LOG: logFile } = process.env;
  try {
    const leaked = await secretsInServerLog(logFile!, dataDir!);
    if (leaked.length > 0) throw new Error(`The server log of this run (${logFile}) holds: ${leaked.join('; ')}.`);
  } finally {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}
