import { Environment } from '@platform/pipeline';
import { DEVICE_COOKIE_LIFETIME_SECONDS, DeviceCookies } from './device-cookies.service';

describe('device cookies', () => {
  const devices = new DeviceCookies({ SECRET_PEPPER: 'a pepper of at least thirty-two characters', DATA_DIR: '/nonexistent' } as Environment);
  const ada = '3f1c2a52-0d8e-4a8b-9a57-2b2d0f6f7e11';
  const ben = '8d1c2a52-0d8e-4a8b-9a57-2b2d0f6f7e12';

  it('names the device of the account it was issued for, and only that account', () => {
    const cookie = devices.issue(ada);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(devices.deviceOf(cookie, ada)).toBe(cookie.split('.')[0]);
    expect(devices.deviceOf(cookie, ben)).toBeNull();
    expect(devices.deviceOf(devices.issue(ada), ada)).not.toBe(devices.deviceOf(cookie, ada));
  });

  it('refuses a cookie altered, from another key, out of its lifetime, or not one at all', () => {
    const now = Date.now();
    const cookie = devices.issue(ada, now);
    const [id, issuedAt, mac] = cookie.split('.');
    expect(devices.deviceOf(`${id}.${Number(issuedAt) + 1}.${mac}`, ada, now)).toBeNull();
    expect(devices.deviceOf(`${id.slice(1)}A.${issuedAt}.${mac}`, ada, now)).toBeNull();
    const other = new DeviceCookies({ SECRET_PEPPER: 'another pepper of thirty-two characters', DATA_DIR: '/nonexistent' } as Environment);
    expect(other.deviceOf(cookie, ada, now)).toBeNull();
    expect(devices.deviceOf(cookie, ada, now + (DEVICE_COOKIE_LIFETIME_SECONDS - 1) * 1000)).toBe(id);
    expect(devices.deviceOf(cookie, ada, now + DEVICE_COOKIE_LIFETIME_SECONDS * 1000)).toBeNull();
    expect(devices.deviceOf(devices.issue(ada, now + 3600_000), ada, now)).toBeNull();
    for (const value of [undefined, '', 'x', `${cookie}.x`, cookie.replace(/\./g, ':')]) expect(devices.deviceOf(value, ada, now)).toBeNull();
  });
});
