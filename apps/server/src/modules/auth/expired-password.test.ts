import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const NEW_PASSWORD = 'Renewed-Berth-2027!';

describe.each(DB_TARGETS)('PUT /reset_expired_password on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  const expiredUser = () => createUser(t.database.db, { passwordExpiresAt: new Date(t.clock.now().getTime() - 3600_000) });
  const change = (body: Record<string, string>) => t.app.inject({ method: 'PUT', url: '/api/portal/v1/reset_expired_password', payload: body });

  it('answers INVALID_PASSWORD for a wrong current password', async () => {
    const user = await expiredUser();
    const res = await change({ email: user.email, old_password: 'not-it', new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD });
    expect(res.json().status).toEqual({ status: 'INVALID_PASSWORD', message: 'Current password is incorrect' });
    expect(res.json().payload.errors).toEqual([{ path: 'old_password', message: 'Current password is incorrect' }]);
  });

  it('answers REPEATED_PASSWORD and PASSWORD_REQUIREMENTS_NOT_MET', async () => {
    const user = await expiredUser();
    expect((await change({ email: user.email, old_password: TEST_PASSWORD, new_password: TEST_PASSWORD, new_password_confirmation: TEST_PASSWORD })).json().status.status).toBe('REPEATED_PASSWORD');
    expect((await change({ email: user.email, old_password: TEST_PASSWORD, new_password: 'alllowercase!1', new_password_confirmation: 'alllowercase!1' })).json().status.status).toBe('PASSWORD_REQUIREMENTS_NOT_MET');
    expect((await change({ email: user.email, old_password: TEST_PASSWORD, new_password: NEW_PASSWORD, new_password_confirmation: 'different' })).json().status.status).toBe('PASSWORDS_DO_NOT_MATCH');
  });

  it('sets the new password, clears the expiry and logs in', async () => {
    const user = await expiredUser();
    const res = await change({ email: user.email, old_password: TEST_PASSWORD, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD });
    expect(res.json().status.status).toBe('SUCCESS');
    expect(res.json().payload.user_info.email).toBe(user.email);
    const login = await t.app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { username: user.email, password: NEW_PASSWORD } });
    expect(login.json().status.status).toBe('SUCCESS');
  });
});
