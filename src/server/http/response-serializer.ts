// Turns a route's answer into JSON through its response schema (src/shared/*.schema.ts), so the browser's
// types, inferred from the same schemas, describe exactly what is sent. A zod object drops the keys it
// does not declare; in tests (`strict`) a dropped key is an error instead, so a field added to a handler
// but not to its schema fails the suite rather than silently vanishing from the response.
import { createSerializerCompiler } from 'fastify-type-provider-zod';

/** Paths (like `data.leads.total`) of keys present in `sent` with a value but missing from `kept`. */
export function droppedKeys(sent: unknown, kept: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, index) => droppedKeys(item, kept[index], `${at}[${index}]`));
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const path = at ? `${at}.${key}` : key;
    if (value === undefined) return [];
    if (!(key in kept)) return [path];
    return droppedKeys(value, kept[key], path);
  });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

type SchemaCompiler = ReturnType<typeof createSerializerCompiler>;

export function responseSerializer({ strict }: { strict: boolean }): SchemaCompiler {
  const serialize = createSerializerCompiler({});
  if (!strict) return serialize;
  return (route) => {
    const toJson = serialize(route);
    return (data) => {
      const json = toJson(data);
      const dropped = droppedKeys(data, JSON.parse(json));
      if (dropped.length) {
        const named = dropped.length > 10 ? `${dropped.slice(0, 10).join(', ')} and ${dropped.length - 10} more` : dropped.join(', ');
        const problem = `${route.method} ${route.url}: the response schema does not declare ${named}`;
        // Tests run with logging off; this is the line a developer needs to see.
        process.stderr.write(`${problem}\n`);
        throw new Error(problem);
      }
      return json;
    };
  };
}
