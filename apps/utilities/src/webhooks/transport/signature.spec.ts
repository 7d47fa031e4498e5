import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { newSigningSecret, signWebhook } from './signature';

// standardwebhooks (the specification's reference library) plays the receiver
const verify = (secret: string, msgId: string, timestamp: number, body: string, signature: string) =>
  new Webhook(secret.slice('whsec_'.length)).verify(body, { 'webhook-id': msgId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature });

describe('webhook signatures', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ type: 'employee.created', data: { id: 'emp_1', name: 'Zoë Ñandú' } });

  it('makes secrets of 32 random bytes under the whsec_ prefix', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
  });

  it('signs as Standard Webhooks says: the reference library verifies it and reads the same body', () => {
    const secret = newSigningSecret();
    const timestamp = now();
    const signature = signWebhook([secret], 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', timestamp, body);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verify(secret, 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', timestamp, body, signature)).toEqual(JSON.parse(body));
  });

  it('gives the reference library’s own signature for the same message', () => {
    const secret = newSigningSecret();
    const at = new Date(1_700_000_000_000);
    expect(signWebhook([secret], 'msg_1', 1_700_000_000, body)).toBe(new Webhook(secret.slice(6)).sign('msg_1', at, body));
  });

  it('signs with every secret of a rotation, and each one verifies alone', () => {
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const timestamp = now();
    const signature = signWebhook([current, previous], 'msg_2', timestamp, body);
    expect(signature.split(' ')).toHaveLength(2);
    expect(verify(current, 'msg_2', timestamp, body, signature)).toEqual(JSON.parse(body));
    expect(verify(previous, 'msg_2', timestamp, body, signature)).toEqual(JSON.parse(body));
    expect(() => verify(newSigningSecret(), 'msg_2', timestamp, body, signature)).toThrow(WebhookVerificationError);
  });

  it('binds the id, the timestamp and the body: changing any of them fails verification', () => {
    const secret = newSigningSecret();
    const timestamp = now();
    const signature = signWebhook([secret], 'msg_3', timestamp, body);
    expect(() => verify(secret, 'msg_4', timestamp, body, signature)).toThrow(WebhookVerificationError);
    expect(() => verify(secret, 'msg_3', timestamp - 1, body, signature)).toThrow(WebhookVerificationError);
    expect(() => verify(secret, 'msg_3', timestamp, body.replace('emp_1', 'emp_2'), signature)).toThrow(WebhookVerificationError);
  });

  it('refuses what is not a signing secret, rather than signing with a wrong key', () => {
    expect(() => signWebhook([], 'msg', now(), body)).toThrow(/at least one secret/);
    expect(() => signWebhook(['c2VjcmV0LXdpdGhvdXQtcHJlZml4LTEyMzQ1Njc4OTA='], 'msg', now(), body)).toThrow(/whsec_/);
    expect(() => signWebhook(['whsec_c2hvcnQ='], 'msg', now(), body)).toThrow(/at least 24 bytes/);
    expect(() => signWebhook([newSigningSecret()], 'msg', 1.5, body)).toThrow(/whole seconds/);
  });
});
