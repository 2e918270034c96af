import { resolve } from 'node:path';

/** Server configuration, read from the environment with working defaults. */
export interface Config {
  host: string;
  port: number;
  databaseUrl: string;
  smtpUrl: string | undefined;
  /** Folder of the built dashboard (apps/web/dist). */
  webRoot: string;
  /** Generate the demo store when the database has no orders. */
  demoWhenEmpty: boolean;
  /** Orders in a generated demo store. */
  demoOrders: number;
}

/** A configuration error names the variable and what was wrong with it. */
export class ConfigError extends Error {}

function positive(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(`${name} must be a whole number above 0, got "${text}"`);
  return n;
}

/** Reads the configuration from an environment object. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${env.PORT}"`);
  }
  const databaseUrl = env.DATABASE_URL || 'file:./data/storelens.sqlite';
  if (!/^(file:|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl)) {
    throw new ConfigError(
      `DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL), got "${databaseUrl}"`,
    );
  }
  return {
    host: env.HOST || '127.0.0.1',
    port,
    databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    webRoot: resolve(env.STORELENS_WEB_ROOT || new URL('../../web/dist', import.meta.url).pathname),
    demoWhenEmpty: env.STORELENS_DEMO !== '0',
    demoOrders: positive('STORELENS_DEMO_ORDERS', env.STORELENS_DEMO_ORDERS, 20_000),
  };
}
