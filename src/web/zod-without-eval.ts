// What `zod` means in the browser build: vite.config.ts aliases the bare `zod` import to this module, so
// Zod is configured before any schema is built, in whichever lazily loaded chunk first needs it. Zod
// probes for eval (new Function) when its first object schema is built, to compile faster parsers; the
// Content-Security-Policy forbids eval, so the probe would only raise a violation report, and forms
// parse a handful of fields, nothing to lose. (It imports `zod/v4`, which the alias leaves alone.)
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
