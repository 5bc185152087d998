// The logger shape the server's parts take: Fastify's and pino's loggers fit it, and a test can pass a
// plain object. A part asks only for the levels it uses, e.g. `Pick<Log, 'error'>`.
type LogMethod = (object: object, message: string) => void;

export type Log = { info: LogMethod; warn: LogMethod; error: LogMethod };
