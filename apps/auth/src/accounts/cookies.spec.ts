import { clearPlainCookie, requestCookie, setCookie } from './cookies';

describe('dashboard cookies', () => {
  it('takes the __Host- prefix when Secure, and the plain name on loopback HTTP', () => {
    expect(setCookie('platform_session', 'abc', { maxAgeSeconds: 60, secure: true, sameSite: 'Lax' })).toBe(
      '__Host-platform_session=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    );
    expect(setCookie('platform_session', 'abc', { maxAgeSeconds: 60, secure: false, sameSite: 'Lax' })).toBe(
      'platform_session=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax',
    );
    expect(clearPlainCookie('platform_session', { sameSite: 'Lax' })).toBe('platform_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure');
  });

  it('reads the __Host- name first, then the plain one', () => {
    expect(requestCookie('theme=dark; __Host-platform_session=new; platform_session=old', 'platform_session')).toBe('new');
    expect(requestCookie('platform_session=old; theme=dark', 'platform_session')).toBe('old');
    expect(requestCookie('__Host-platform_session=; platform_session=old', 'platform_session')).toBe('old');
    expect(requestCookie('xplatform_session=no; theme=dark', 'platform_session')).toBeUndefined();
    expect(requestCookie(undefined, 'platform_session')).toBeUndefined();
  });
});
