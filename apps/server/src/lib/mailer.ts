// Outgoing mail: over SMTP when SMTP_URL is set, otherwise kept in the mail_outbox table and written to the log.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../db/schema';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

export function createMailer(options: { db: Kysely<DB>; smtpUrl: string | null; from: string; log: FastifyBaseLogger }): Mailer {
  const { db, smtpUrl, from, log } = options;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(message) {
      const row = await db
        .insertInto('mail_outbox')
        .values({ recipient: message.to, subject: message.subject, body_text: message.text, body_html: message.html ?? null, transport: transport ? 'smtp' : 'outbox' })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        log.info({ mail: { to: message.to, subject: message.subject } }, `mail kept in outbox (no SMTP_URL):\n${message.text}`);
        return;
      }
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
        await db.updateTable('mail_outbox').set({ sent_at: new Date() }).where('id', '=', row.id).execute();
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await db.updateTable('mail_outbox').set({ error }).where('id', '=', row.id).execute();
        log.error({ err }, 'sending mail failed; it stays in the outbox');
      }
    },
  };
}
