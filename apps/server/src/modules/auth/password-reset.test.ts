import { RESET_CODE_TTL_MS } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser } from '../../test/fixtures';
import { type CaughtMail, startSmtpCatcher } from '../../test/smtp-catcher';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const NEW_PASSWORD = 'Fresh-Quay-2027#';

function linkParams(mail: CaughtMail): { url: URL; email: string; code: string } {
  const match = mail.text.match(/https?:\/\/\S+reset-password\?\S+/);
  if (!match) throw new Error(`no reset link in mail:\n${mail.text}`);
  const url = new URL(match[0]);
  return { url, email: url.searchParams.get('email')!, code: url.searchParams.get('code')! };
}

describe.each(DB_TARGETS)('password reset by mailed code on %s', (target) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(target, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const request = (username: string, locale?: string) => t.app.inject({ method: 'POST', url: '/api/portal/v1/reset_password', payload: { username, ...(locale ? { locale } : {}) } });
  const update = (body: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/portal/v1/update_password', payload: body });

  it('answers USER_NOT_FOUND for an unknown email and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await request('ghost@nowhere.test');
    expect(res.json().status.status).toBe('USER_NOT_FOUND');
    expect(smtp.mails.length).toBe(before);
  });

  it('mails a link to /{locale}/reset-password with email and code; the code sets a new password once and logs in', async () => {
    const user = await createUser(t.database.db, { locale: 'de' });
    const res = await request(user.email);
    expect(res.json().status.status).toBe('SUCCESS');
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toBe('Ihr Quayline-Passwort zurücksetzen');
    const { url, email, code } = linkParams(mail);
    expect(url.pathname).toBe('/de/reset-password');
    expect(email).toBe(user.email);

    const done = await update({ code, email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(done.json().status.status).toBe('SUCCESS');
    const token = done.json().payload.token as string;
    expect(done.cookies.find((c) => c.name === 'userToken')?.value).toBe(token);
    const me = await t.app.inject({ method: 'GET', url: '/api/portal/v1/user_details', headers: { 'x-portal-token': token } });
    expect(me.json().payload.email).toBe(user.email);

    // Old password no longer works, the new one does, and the code is spent.
    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { username: user.email, password: TEST_PASSWORD } });
    expect(oldLogin.json().status.status).toBe('CREDENTIALS_DO_NOT_MATCH');
    const again = await update({ code, email, password: 'Another-Quay-2028$', password_confirmation: 'Another-Quay-2028$' });
    expect(again.json().status.status).toBe('INVALID_RESET_CODE');
  });

  it('uses the locale asked for in the request for the link', async () => {
    const user = await createUser(t.database.db, { locale: 'en' });
    await request(user.email, 'fr');
    const mail = await smtp.waitForMail(user.email);
    expect(linkParams(mail).url.pathname).toBe('/fr/reset-password');
  });

  it('refuses a wrong code, an expired code, and a code of another user', async () => {
    const user = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    await request(user.email);
    await request(other.email);
    const { code } = linkParams(await smtp.waitForMail(user.email));
    const { code: otherCode } = linkParams(await smtp.waitForMail(other.email));
    const body = (c: string) => ({ code: c, email: user.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect((await update(body('WRONGCODE123'))).json().status.status).toBe('INVALID_RESET_CODE');
    expect((await update(body(otherCode))).json().status.status).toBe('INVALID_RESET_CODE');
    t.clock.advance(RESET_CODE_TTL_MS + 1000);
    expect((await update(body(code))).json().status.status).toBe('INVALID_RESET_CODE');
  });

  it('enforces the password rules, repeated password and matching confirmation without spending the code', async () => {
    const user = await createUser(t.database.db);
    await request(user.email);
    const { code } = linkParams(await smtp.waitForMail(user.email));
    const weak = await update({ code, email: user.email, password: 'short1A!', password_confirmation: 'short1A!' });
    expect(weak.json().status).toEqual({ status: 'PASSWORD_REQUIREMENTS_NOT_MET', message: 'The password does not fulfill the requirements.' });
    const noSpecial = await update({ code, email: user.email, password: 'NoSpecial12345', password_confirmation: 'NoSpecial12345' });
    expect(noSpecial.json().status.status).toBe('PASSWORD_REQUIREMENTS_NOT_MET');
    const mismatch = await update({ code, email: user.email, password: NEW_PASSWORD, password_confirmation: `${NEW_PASSWORD}x` });
    expect(mismatch.json().status).toEqual({ status: 'PASSWORDS_DO_NOT_MATCH', message: 'Passwords do not match' });
    const repeated = await update({ code, email: user.email, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD });
    expect(repeated.json().status).toEqual({ status: 'REPEATED_PASSWORD', message: 'New password must be different than the current password' });
    const good = await update({ code, email: user.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(good.json().status.status).toBe('SUCCESS');
  });

  it('a new password ends the other sessions of the account', async () => {
    const user = await createUser(t.database.db);
    const login = await t.app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { username: user.email, password: TEST_PASSWORD } });
    const oldToken = login.json().payload.token as string;
    await request(user.email);
    const { code } = linkParams(await smtp.waitForMail(user.email));
    expect((await update({ code, email: user.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/portal/v1/user_details', headers: { 'x-portal-token': oldToken } });
    expect(me.statusCode).toBe(401);
  });
});

describe('password reset without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('keeps the mail in the outbox table', async () => {
    const user = await createUser(t.database.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/portal/v1/reset_password', payload: { email: user.email } });
    expect(res.json().status.status).toBe('SUCCESS');
    const rows = await t.database.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', user.email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transport: 'outbox', subject: 'Reset your Quayline password' });
    expect(rows[0]!.body_text).toMatch(/\/en\/reset-password\?email=.+&code=[A-Z2-9]{12}/);
  });
});
