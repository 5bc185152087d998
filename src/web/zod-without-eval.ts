// Imported first by the browser entry, before any schema is defined: Zod probes for eval (new Function)
// when its first object schema is built, to compile faster parsers. The Content-Security-Policy forbids
// eval, so the probe would only raise a violation report; forms parse a handful of fields, nothing to lose.
import { z } from 'zod';

z.config({ jitless: true });
