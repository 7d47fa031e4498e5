import { normalizePhone, parseRecipients, planDeliveries } from './delivery-plan';
import { DEFAULT_CHANNELS } from './notification-preference.entity';

const ALL_ON = { inApp: true, email: true, push: true, sms: true, whatsapp: true };
const EMPLOYEE = '3f2b8c1e-4d5a-4f6b-9c7d-8e9f0a1b2c3d';
const NO_PHONE = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';

describe('parseRecipients', () => {
  it('sorts employee ids, emails and phone numbers, deduplicated and normalized', () => {
    const parsed = parseRecipients([
      EMPLOYEE.toUpperCase(),
      'Amina@Example.cm',
      '+237 677-00-00-01',
      'amina@example.cm',
      EMPLOYEE,
      'nobody@',
      '677000001',
      'hello',
    ]);
    expect(parsed.employeeIds).toEqual([EMPLOYEE]);
    expect(parsed.emails).toEqual(['amina@example.cm']);
    expect(parsed.phones).toEqual(['+237677000001']);
    expect([...parsed.invalid.keys()]).toEqual([5, 6, 7]);
  });

  it('accepts international numbers only', () => {
    expect(normalizePhone('+33 (1) 23 45 67 89')).toBe('+3312345678' + '9');
    expect(normalizePhone('0677000001')).toBeNull();
    expect(normalizePhone('+0123456789')).toBeNull();
  });
});

describe('planDeliveries', () => {
  const employees = [
    { id: EMPLOYEE, email: 'amina@example.cm', phone: '+237677000001' },
    { id: NO_PHONE, email: 'bruno@example.cm', phone: null },
  ];

  it('no recipients: the company inbox only; the other channels have nobody to reach', () => {
    const plan = planDeliveries({ emails: [], phones: [] }, [], DEFAULT_CHANNELS);
    expect(plan.inboxes).toEqual(['company']);
    expect(plan.deliveries).toEqual([]);
    expect(plan.channels).toEqual({
      inApp: { outcome: 'delivered', recipients: 1 },
      email: { outcome: 'not_applicable', recipients: 0 },
      push: { outcome: 'not_applicable', recipients: 0 },
      sms: { outcome: 'skipped_by_preference', recipients: 0 },
      whatsapp: { outcome: 'skipped_by_preference', recipients: 0 },
    });
  });

  it('follows the preference and records employees who cannot be reached as skipped', () => {
    const plan = planDeliveries({ emails: ['ops@example.cm', 'amina@example.cm'], phones: ['+237699000000'] }, employees, { ...ALL_ON, whatsapp: false });
    expect(plan.inboxes).toEqual([EMPLOYEE, NO_PHONE]);
    expect(plan.channels).toEqual({
      inApp: { outcome: 'delivered', recipients: 2 },
      email: { outcome: 'queued', recipients: 3 },
      push: { outcome: 'queued', recipients: 2 },
      sms: { outcome: 'queued', recipients: 2 },
      whatsapp: { outcome: 'skipped_by_preference', recipients: 0 },
    });
    const sms = plan.deliveries.filter((d) => d.channel === 'sms');
    expect(sms).toEqual([
      { channel: 'sms', recipient: '+237677000001', employeeId: EMPLOYEE },
      { channel: 'sms', recipient: NO_PHONE, employeeId: NO_PHONE, skippedBecause: 'the employee has no phone number' },
      { channel: 'sms', recipient: '+237699000000', employeeId: null },
    ]);
    expect(plan.deliveries.filter((d) => d.channel === 'email').map((d) => d.recipient)).toEqual(['amina@example.cm', 'bruno@example.cm', 'ops@example.cm']);
  });

  it('uses only the channels asked for; raw addresses have no inbox', () => {
    const plan = planDeliveries({ emails: ['ops@example.cm'], phones: [] }, [], ALL_ON, ['email', 'inApp']);
    expect(plan.inboxes).toEqual([]);
    expect(plan.channels.inApp.outcome).toBe('not_applicable');
    expect(plan.channels.email).toEqual({ outcome: 'queued', recipients: 1 });
    expect(plan.channels.sms.outcome).toBe('not_requested');
    expect(plan.channels.push.outcome).toBe('not_requested');
  });

  it('a channel nobody can be reached on is not applicable, with the skips recorded', () => {
    const plan = planDeliveries({ emails: [], phones: [] }, [employees[1]], ALL_ON, ['sms']);
    expect(plan.channels.sms).toEqual({ outcome: 'not_applicable', recipients: 0 });
    expect(plan.deliveries).toEqual([{ channel: 'sms', recipient: NO_PHONE, employeeId: NO_PHONE, skippedBecause: 'the employee has no phone number' }]);
  });
});
