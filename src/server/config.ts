// Turns the environment into one typed config, once, at start-up. Nothing else reads process.env.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AI_MODELS, RECOMMENDED_BINDINGS } from '#server/engines/ai-models';

/** The Replicate models an engine can be bound to (docs/ai-providers.md). */
const RENDERING_REPLICATE_MODELS = AI_MODELS.filter((model) => model.key.startsWith('replicate:') && model.kind !== 'upscale').map(
  (model) => model.key.slice('replicate:'.length),
);

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const ENGINE_BINDING = /^(offline|comfyui|stability|openai(:[\w.-]+)?|replicate:[\w./-]+(:[0-9a-f]{64})?)$/i;
const ENGINE_BINDING_HELP = 'must be offline, comfyui, stability, openai[:model] or replicate:owner/name[:version]';

/** AI_PRICES_USD: a JSON object of model key → USD per image, e.g. {"replicate:google/nano-banana": 0.039}. */
const priceOverrides = optionalText.pipe(
  z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'AI_PRICES_USD must be JSON, e.g. {"replicate:google/nano-banana": 0.039}' });
        return z.NEVER;
      }
    })
    .refine(
      (value): value is Record<string, number> =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every((price) => typeof price === 'number' && price >= 0),
      { error: 'AI_PRICES_USD must map model keys to prices in USD (numbers ≥ 0)' },
    )
    .optional(),
);

// A hop count (1 = the one load balancer in front of us) or a comma-separated list of proxy addresses
// or CIDR ranges. 'true' (trust anyone) is deliberately not offered: any client could then choose the IP
// every per-IP limit counts.
const TRUST_PROXY_FORMAT = /^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/;
const TRUST_PROXY_HELP = 'TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges';

/** Fastify's trustProxy option from TRUST_PROXY: false, a hop count, or the proxies' addresses. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    PUBLIC_URL: optionalText.pipe(z.url({ error: 'PUBLIC_URL must be a full URL such as https://example.com' }).optional()),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must start with postgres:// (leave it unset for SQLite)' })
        .optional(),
    ),
    // Which proxies may speak for the client through X-Forwarded-For/-Proto/-Host: unset trusts nobody.
    TRUST_PROXY: optionalText.pipe(z.string().regex(TRUST_PROXY_FORMAT, { error: TRUST_PROXY_HELP }).optional()),
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, { error: 'REDIS_URL must start with redis://' })
        .optional(),
    ),
    // The BullMQ worker tier (only with REDIS_URL): key prefix, job lock (a dead worker's job is retried after it),
    // and how many renders each provider runs at once across all workers.
    QUEUE_PREFIX: z
      .string()
      .trim()
      .regex(/^[\w-]+$/, { error: 'QUEUE_PREFIX may use letters, digits, _ and -' })
      .default('mw'),
    QUEUE_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
    RENDER_CONCURRENCY_OFFLINE: z.coerce.number().int().min(1).default(2),
    RENDER_CONCURRENCY_REPLICATE: z.coerce.number().int().min(1).default(4),
    RENDER_CONCURRENCY_COMFYUI: z.coerce.number().int().min(1).default(1),
    RENDER_CONCURRENCY_STABILITY: z.coerce.number().int().min(1).default(4),
    RENDER_CONCURRENCY_OPENAI: z.coerce.number().int().min(1).default(4),
    // How many renders one worker process holds at once, per provider (default: the provider's whole limit). Below
    // the provider's limit, a second worker process always gets a share of a burst instead of standing by.
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).optional(),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, { error: 'SMTP_URL must start with smtp:// or smtps://' })
        .optional(),
    ),
    MAIL_FROM: z.string().trim().min(1).default('MetroWest AI Renovations <hello@localhost>'),
    MAIL_POSTAL_ADDRESS: z.string().trim().min(1).default('MetroWest AI Renovations, Framingham, MA 01701'),
    ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'ADMIN_EMAIL must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, { error: 'ADMIN_PASSWORD must be at least 6 characters' }).optional()),
    AUTH_SECRET: optionalText.pipe(z.string().min(32, { error: 'AUTH_SECRET must be at least 32 characters' }).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Rate limits (src/server/http/rate-limits.ts): off only for load tests and benchmarks.
    RATE_LIMITS: z.enum(['on', 'off'], { error: 'RATE_LIMITS must be on or off' }).default('on'),
    RENDERS_PER_USER_PER_DAY: z.coerce.number().int().min(1).default(25),
    RENDERS_PER_IP_PER_DAY: z.coerce.number().int().min(1).default(100),
    // Which provider renders each engine: replicate:owner/name[:version], openai[:model], comfyui, stability or
    // offline. Unset: the recommended model when a Replicate token or an OpenAI key is set, else offline.
    ENGINE_STRUCTURAL_DESIGN_AI: optionalText.pipe(z.string().regex(ENGINE_BINDING, { error: ENGINE_BINDING_HELP }).optional()),
    ENGINE_ARCHITECTURAL_VISION_ENGINE: optionalText.pipe(z.string().regex(ENGINE_BINDING, { error: ENGINE_BINDING_HELP }).optional()),
    REPLICATE_API_TOKEN: optionalText,
    REPLICATE_BASE_URL: optionalText.pipe(z.url().optional()),
    REPLICATE_WEBHOOK_SECRET: optionalText,
    COMFYUI_URL: optionalText.pipe(z.url().optional()),
    COMFYUI_API_KEY: optionalText,
    STABILITY_API_KEY: optionalText,
    STABILITY_BASE_URL: optionalText.pipe(z.url().optional()),
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: optionalText.pipe(z.url().optional()),
    // The spend guard: once today's estimated AI spend reaches it, new renders use the offline preview (unset: no cap).
    AI_DAILY_BUDGET_USD: optionalText.pipe(
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, { error: 'AI_DAILY_BUDGET_USD must be an amount in USD, e.g. 25 or 12.50' })
        .transform(Number)
        .optional(),
    ),
    AI_PRICES_USD: priceOverrides,
    // Shared object storage for several instances; unset S3_BUCKET keeps images under DATA_DIR/files.
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'S3_BUCKET must be a valid bucket name' })
        .optional(),
    ),
    S3_ENDPOINT: optionalText.pipe(z.url({ error: 'S3_ENDPOINT must be a full URL such as http://minio:9000' }).optional()),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: optionalText.pipe(
      z.enum(['true', 'false', '1', '0'], { error: 'S3_FORCE_PATH_STYLE must be true or false' }).optional(),
    ),
    UPLOAD_RETENTION_DAYS: z.coerce
      .number({ error: 'UPLOAD_RETENTION_DAYS must be a number of days' })
      .int()
      .min(1, { error: 'UPLOAD_RETENTION_DAYS must be at least 1' })
      .default(30),
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    error: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    path: ['S3_ACCESS_KEY_ID'],
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    error: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_EMAIL'],
  })
  .superRefine((env, context) => {
    // A binding to a provider needs that provider's credentials; say so at start-up, not at the first render.
    const needs: Record<string, keyof typeof env> = {
      replicate: 'REPLICATE_API_TOKEN',
      comfyui: 'COMFYUI_URL',
      stability: 'STABILITY_API_KEY',
      openai: 'OPENAI_API_KEY',
    };
    for (const variable of ['ENGINE_STRUCTURAL_DESIGN_AI', 'ENGINE_ARCHITECTURAL_VISION_ENGINE'] as const) {
      const provider = env[variable]?.split(':')[0].toLowerCase();
      const required = provider ? needs[provider] : undefined;
      if (required && !env[required])
        context.addIssue({ code: 'custom', path: [variable], message: `${variable}=${env[variable]} needs ${required}` });
      // Each Replicate model has its own input schema: only the ones with an input builder can render.
      const model = provider === 'replicate' ? /^replicate:([\w.-]+\/[\w.-]+)/i.exec(env[variable] ?? '')?.[1] : undefined;
      if (provider === 'replicate' && !RENDERING_REPLICATE_MODELS.includes(model ?? ''))
        context.addIssue({
          code: 'custom',
          path: [variable],
          message: `${variable}=${env[variable]}: the supported Replicate models are ${RENDERING_REPLICATE_MODELS.join(', ')}`,
        });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** Fastify's trustProxy: whose X-Forwarded-* headers are believed (false: nobody's). */
  trustProxy: false | number | string[];
  redisUrl?: string;
  /** The BullMQ worker tier, used when redisUrl is set. */
  queue: {
    prefix: string;
    lockMs: number;
    concurrency: Record<'offline' | 'replicate' | 'comfyui' | 'stability' | 'openai', number>;
    /** Renders one worker process runs at once per provider; unset means the provider's whole limit. */
    perWorker?: number;
  };
  smtpUrl?: string;
  mailFrom: string;
  /** The sender's postal address, printed in every email's footer. */
  mailPostalAddress: string;
  admin?: { email: string; password: string };
  authSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  rateLimits: { enabled: boolean; rendersPerUserPerDay: number; rendersPerIpPerDay: number };
  /** Where the built client lives; tests may point it elsewhere. */
  clientDir: string;
  /** Provider bindings per engine (see defaultBinding) and provider credentials. */
  engines: Record<'structural-design-ai' | 'architectural-vision-engine', string>;
  /** The spend guard (USD a day; undefined: no cap) and price overrides per model key. */
  ai: { dailyBudgetUsd?: number; prices: Record<string, number> };
  /** Where images live: the folder under DATA_DIR, or an S3-compatible bucket. */
  storage:
    | { kind: 'local'; root: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      };
  /** Uploads that never reached the email step are purged after this many days. */
  uploadRetentionDays: number;
  providers: {
    replicate?: { apiToken: string; baseUrl?: string; webhookSecret?: string };
    comfyui?: { baseUrl: string; apiKey?: string };
    stability?: { apiKey: string; baseUrl?: string };
    openai?: { apiKey: string; baseUrl?: string };
  };
};

export class ConfigError extends Error {}

/** Reads the environment (process.env by default) and fails fast with every problem listed. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'sqlite', file: path.join(dataDir, 'app.db') },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL,
    queue: {
      prefix: env.QUEUE_PREFIX,
      lockMs: env.QUEUE_LOCK_MS,
      concurrency: {
        offline: env.RENDER_CONCURRENCY_OFFLINE,
        replicate: env.RENDER_CONCURRENCY_REPLICATE,
        comfyui: env.RENDER_CONCURRENCY_COMFYUI,
        stability: env.RENDER_CONCURRENCY_STABILITY,
        openai: env.RENDER_CONCURRENCY_OPENAI,
      },
      perWorker: env.WORKER_CONCURRENCY,
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailPostalAddress: env.MAIL_POSTAL_ADDRESS,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    authSecret: env.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    logLevel: env.LOG_LEVEL,
    rateLimits: {
      enabled: env.RATE_LIMITS === 'on',
      rendersPerUserPerDay: env.RENDERS_PER_USER_PER_DAY,
      rendersPerIpPerDay: env.RENDERS_PER_IP_PER_DAY,
    },
    clientDir: path.resolve('dist/client'),
    engines: {
      'structural-design-ai': env.ENGINE_STRUCTURAL_DESIGN_AI ?? defaultBinding('structural-design-ai', env),
      'architectural-vision-engine': env.ENGINE_ARCHITECTURAL_VISION_ENGINE ?? defaultBinding('architectural-vision-engine', env),
    },
    ai: { dailyBudgetUsd: env.AI_DAILY_BUDGET_USD, prices: env.AI_PRICES_USD ?? {} },
    storage: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
        }
      : { kind: 'local', root: path.join(dataDir, 'files') },
    uploadRetentionDays: env.UPLOAD_RETENTION_DAYS,
    providers: {
      replicate: env.REPLICATE_API_TOKEN
        ? { apiToken: env.REPLICATE_API_TOKEN, baseUrl: env.REPLICATE_BASE_URL, webhookSecret: env.REPLICATE_WEBHOOK_SECRET }
        : undefined,
      comfyui: env.COMFYUI_URL ? { baseUrl: env.COMFYUI_URL, apiKey: env.COMFYUI_API_KEY } : undefined,
      stability: env.STABILITY_API_KEY ? { apiKey: env.STABILITY_API_KEY, baseUrl: env.STABILITY_BASE_URL } : undefined,
      openai: env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL } : undefined,
    },
  };
}

/**
 * An engine with no ENGINE_* variable renders on the recommended model of the provider whose key is set
 * (Replicate first: it is the cheaper pair, decision 025), or offline when none is.
 */
function defaultBinding(engine: keyof typeof RECOMMENDED_BINDINGS.replicate, env: z.infer<typeof envSchema>): string {
  if (env.REPLICATE_API_TOKEN) return RECOMMENDED_BINDINGS.replicate[engine];
  if (env.OPENAI_API_KEY) return RECOMMENDED_BINDINGS.openai[engine];
  return 'offline';
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts without set-up. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
