import { isEmail, isUUID } from 'class-validator';
import { COMPANY_INBOX } from './inbox-entry.entity';
import { ChannelDecision } from './notification.entity';
import { DeliveryChannel } from './notification-delivery.entity';
import { NOTIFICATION_CHANNELS, NotificationChannel } from './notification-preference.entity';

export interface ParsedRecipients {
  employeeIds: string[];
  emails: string[];
  phones: string[];
  /** index in the request → why it is not a recipient */
  invalid: Map<number, string>;
}

const PHONE_SEPARATORS = /[\s().-]/g;
const E164 = /^\+[1-9]\d{7,14}$/;

/** `+237 677-00-00-01` → `+237677000001`; null when it is not an international number. */
export function normalizePhone(value: string): string | null {
  const compact = value.replace(PHONE_SEPARATORS, '');
  return E164.test(compact) ? compact : null;
}

/** Each recipient is an HR employee id (uuid), an email address or an E.164 phone number. */
export function parseRecipients(recipients: string[]): ParsedRecipients {
  const parsed: ParsedRecipients = { employeeIds: [], emails: [], phones: [], invalid: new Map() };
  recipients.forEach((raw, index) => {
    const value = raw.trim();
    if (isUUID(value)) parsed.employeeIds.push(value.toLowerCase());
    else if (value.includes('@')) {
      if (isEmail(value)) parsed.emails.push(value.toLowerCase());
      else parsed.invalid.set(index, 'must be a valid email address');
    } else {
      const phone = normalizePhone(value);
      if (phone) parsed.phones.push(phone);
      else parsed.invalid.set(index, 'must be an HR employee id, an email address or a phone number in international format (+237…)');
    }
  });
  parsed.employeeIds = [...new Set(parsed.employeeIds)];
  parsed.emails = [...new Set(parsed.emails)];
  parsed.phones = [...new Set(parsed.phones)];
  return parsed;
}

export interface Contact {
  id: string;
  email: string | null;
  phone: string | null;
}

export interface PlannedDelivery {
  channel: DeliveryChannel;
  recipient: string;
  employeeId: string | null;
  /** set when the delivery cannot be attempted (e.g. the employee has no phone) */
  skippedBecause?: string;
}

export interface DeliveryPlan {
  channels: Record<NotificationChannel, ChannelDecision>;
  /** `company`, or the employee ids whose inbox receives it */
  inboxes: string[];
  deliveries: PlannedDelivery[];
}

/**
 * Who gets what, decided at send time from the category's preference: a channel off for the
 * category is skipped, a channel nobody can be reached on is not applicable, the rest are
 * delivered (inApp, written with the notification) or queued (the others).
 * No recipients at all means the company inbox, which only the inApp channel reaches.
 */
export function planDeliveries(
  recipients: Pick<ParsedRecipients, 'emails' | 'phones'>,
  employees: Contact[],
  enabled: Record<NotificationChannel, boolean>,
  requested: readonly NotificationChannel[] = NOTIFICATION_CHANNELS,
): DeliveryPlan {
  const companyInbox = !employees.length && !recipients.emails.length && !recipients.phones.length;
  const byChannel: Record<NotificationChannel, PlannedDelivery[]> = { inApp: [], email: [], sms: [], whatsapp: [], push: [] };
  const inboxes = companyInbox ? [COMPANY_INBOX] : employees.map((employee) => employee.id);

  const addresses = new Map<DeliveryChannel, Set<string>>();
  const add = (channel: DeliveryChannel, recipient: string, employeeId: string | null, skippedBecause?: string) => {
    const seen = addresses.get(channel) ?? new Set<string>();
    addresses.set(channel, seen);
    const key = skippedBecause ? `skipped:${employeeId}` : recipient;
    if (seen.has(key)) return;
    seen.add(key);
    byChannel[channel].push({ channel, recipient, employeeId, ...(skippedBecause ? { skippedBecause } : {}) });
  };
  for (const employee of employees) {
    const email = employee.email?.trim().toLowerCase();
    if (email) add('email', email, employee.id);
    else add('email', employee.id, employee.id, 'the employee has no email address');
    const phone = employee.phone ? normalizePhone(employee.phone) : null;
    for (const channel of ['sms', 'whatsapp'] as const) {
      if (phone) add(channel, phone, employee.id);
      else
        add(
          channel,
          employee.id,
          employee.id,
          employee.phone ? 'the employee’s phone number is not in international format' : 'the employee has no phone number',
        );
    }
    add('push', employee.id, employee.id);
  }
  for (const email of recipients.emails) add('email', email, null);
  for (const phone of recipients.phones) for (const channel of ['sms', 'whatsapp'] as const) add(channel, phone, null);

  const channels = {} as Record<NotificationChannel, ChannelDecision>;
  const deliveries: PlannedDelivery[] = [];
  let inboxesUsed: string[] = [];
  for (const channel of NOTIFICATION_CHANNELS) {
    const reachable = channel === 'inApp' ? inboxes.length : byChannel[channel].filter((delivery) => !delivery.skippedBecause).length;
    if (!requested.includes(channel)) channels[channel] = { outcome: 'not_requested', recipients: 0 };
    else if (!enabled[channel]) channels[channel] = { outcome: 'skipped_by_preference', recipients: 0 };
    else {
      // Employees who cannot be reached on the channel are recorded as skipped deliveries, saying why.
      if (channel !== 'inApp') deliveries.push(...byChannel[channel]);
      if (!reachable) channels[channel] = { outcome: 'not_applicable', recipients: 0 };
      else if (channel === 'inApp') {
        inboxesUsed = inboxes;
        channels[channel] = { outcome: 'delivered', recipients: inboxes.length };
      } else channels[channel] = { outcome: 'queued', recipients: reachable };
    }
  }
  return { channels, inboxes: inboxesUsed, deliveries };
}
