import { expect, test } from 'vitest';
import { SESSION_HOURS } from '#api/editor-session.ts';
import { t } from '#i18n/index.ts';
import { describeApi } from '#tests/support/testing.ts';
import { createEditorToken } from '../auth/editors.ts';

// Issue 39, item 1: editors sign in to the workspace with a code mailed to them; the sign-in is a session
// token that ends, recorded in the trail, and signing out revokes it.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describeApi('signing in to the editors’ workspace', (api) => {
  test('a code mailed to an editor signs in for twelve hours; the trail names the sign-in; signing out ends it', async () => {
    await createEditorToken(api.db, 'wang@example.com', { role: 'admin' });
    const sent = await api.post('/editor/signin/send', { email: 'Wang@Example.com ', language: 'zh' });
    expect(sent).toEqual({ status: 200, body: { code: 200, msg: '成功', data: null } });
    const mail = await api.mail.waitFor('wang@example.com');
    expect(mail.subject).toBe('编辑工作台登录验证码');
    expect(mail.code).toMatch(/^\d{6}$/);

    const before = Date.now();
    const signedIn = await api.post('/editor/signin', { email: 'wang@example.com', code: mail.code, language: 'en' });
    expect(signedIn.status).toBe(200);
    const { token, expiresAt, email, role } = signedIn.body.data;
    expect({ email, role }).toEqual({ email: 'wang@example.com', role: 'admin' });
    const hours = (Date.parse(expiresAt) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(SESSION_HOURS - 0.1);
    expect(hours).toBeLessThan(SESSION_HOURS + 0.1);

    const me = await api.post('/editor/me', { language: 'en' }, bearer(token));
    expect(me.body.data).toMatchObject({ email: 'wang@example.com', role: 'admin', token: { kind: 'session' } });
    const [trail] = await api.db.query<{ actor: string; via: string; action: string; entity: string }>(
      "select actor, via, action, entity from audit_log where entity = 'token' order by id desc limit 1",
    );
    expect(trail).toEqual({ actor: 'wang@example.com', via: 'signin', action: 'create', entity: 'token' });

    // The same code twice: used up.
    const again = await api.post('/editor/signin', { email: 'wang@example.com', code: mail.code, language: 'en' });
    expect(again).toMatchObject({ status: 400, body: { msg: t('en', 'api.codeWrong') } });

    const out = await api.post('/editor/signout', { language: 'en' }, bearer(token));
    expect(out.body).toEqual({ code: 200, msg: 'success', data: { revoked: true } });
    expect((await api.post('/editor/me', { language: 'en' }, bearer(token))).status).toBe(401);
  });

  test('an address that is not an editor’s gets the same answer and no mail; a wrong code is refused in the caller’s language', async () => {
    const stranger = await api.post('/editor/signin/send', { email: 'stranger@example.com', language: 'en' });
    expect(stranger).toEqual({ status: 200, body: { code: 200, msg: 'success', data: null } });
    await createEditorToken(api.db, 'li@example.com');
    await api.post('/editor/signin/send', { email: 'li@example.com', language: 'en' });
    await api.mail.waitFor('li@example.com');
    await api.outbox.idle();
    expect(api.mail.messages.some((message) => message.to.includes('stranger@example.com'))).toBe(false);

    const guess = await api.post('/editor/signin', { email: 'stranger@example.com', code: '123456', language: 'zh' });
    expect(guess).toMatchObject({ status: 400, body: { msg: t('zh-CN', 'api.codeWrong') } });
    const malformed = await api.post('/editor/signin', { email: 'li@example.com', code: '12 34', language: 'zh' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toBe(t('zh-CN', 'validation.code'));
    const tooSoon = await api.post('/editor/signin/send', { email: 'li@example.com', language: 'en' });
    expect(tooSoon.status).toBe(429);
  });

  test('signing out with a token made for a tool leaves the token live', async () => {
    const { token } = await createEditorToken(api.db, 'tool@example.com', { name: 'ci' });
    const out = await api.post('/editor/signout', { language: 'en' }, bearer(token));
    expect(out.body.data).toEqual({ revoked: false });
    expect((await api.post('/editor/me', { language: 'en' }, bearer(token))).status).toBe(200);
  });
});
