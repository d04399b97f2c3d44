// Reads the process environment once; everything else receives an AppConfig.
import path from 'node:path';

export type TDatabaseConfig = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

export type AppConfig = {
  port: number;
  host: string;
  database: TDatabaseConfig;
  seedDemo: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  webDist: string | null;
  secureCookies: boolean;
  /** Run background jobs (schedule-provider polling) in this process; on for `npm start`, off in tests unless one turns it on. */
  runJobs?: boolean;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const port = Number(env.PORT ?? 3000);
  const databaseUrl = env.DATABASE_URL?.trim();
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    database: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: path.resolve(cwd, env.DATA_DIR ?? 'data') },
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM ?? 'Quayline <no-reply@quayline.test>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    webDist: env.WEB_DIST ?? null,
    secureCookies: env.SECURE_COOKIES === 'true',
    runJobs: env.RUN_JOBS !== 'false',
  };
}
