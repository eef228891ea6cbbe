import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SENTRY_DSN: z.url().optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_WINDOW: z.string().default('1 minute'),
  TRUST_PROXY: z.string().default('false'),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Hafla <no-reply@hafla.localhost>'),
  /**
   * Who sends queued mail: `embedded` — each API process, yielding to requests (the default);
   * `external` — only processes started with `npm run worker` (PostgreSQL only), so checkout and
   * delivery scale apart.
   */
  MAIL_WORKER: z.enum(['embedded', 'external']).default('embedded'),
  /** How many messages one worker process renders and sends at once. */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Requests per IP per 10 minutes on each sign-in, registration and code endpoint. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  SEED_DEMO: booleanFlag.default(true),
  /** How often each process sweeps lapsed holds and unfinished refunds; 0 turns the sweep off. */
  HOLD_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * How many holds one API process takes at once (decision 0028); later ones wait their turn, so
   * in a rush the buyers already paying are answered first. 0 = no limit.
   */
  HOLD_CONCURRENCY: z.coerce.number().int().min(0).max(1_000).default(4),
  /** How long a hold may wait for its turn before it is answered 503 with Retry-After. */
  HOLD_QUEUE_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How often each process tells its open booking pages what is left (0025); 0 = never. */
  AVAILABILITY_FEED_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** The shared read cache of public answers (decision 0017); `off` computes every read. */
  READ_CACHE: z.enum(['on', 'off']).default('on'),
  /** Answers kept per process (home, event pages, lists), least recently used dropped first. */
  READ_CACHE_ENTRIES: z.coerce.number().int().min(1).default(5_000),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'TRUST_PROXY'> {
  JWT_SECRET: string;
  /** Fastify's trustProxy: false, true, a hop count, or a list of addresses. */
  TRUST_PROXY: boolean | number | string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseTrustProxy(value: string): boolean | number | string {
  if (['false', '0', 'off', 'no', ''].includes(value)) return false;
  if (['true', 'on', 'yes'].includes(value)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Reads the secret kept under DATA_DIR, creating it on the first start. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** Validates the environment; a bad value stops the process with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  // npm runs workspace scripts inside the workspace; a relative DATA_DIR means where npm was invoked.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), values.DATA_DIR);
  return {
    ...values,
    DATA_DIR: dataDir,
    JWT_SECRET: values.JWT_SECRET ?? readOrCreateSecret(dataDir),
    TRUST_PROXY: parseTrustProxy(values.TRUST_PROXY),
  };
}
