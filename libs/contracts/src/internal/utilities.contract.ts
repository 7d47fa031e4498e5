import type { InternalRoute } from './internal-route';

/** Utilities' internal route: auth sends account emails (verification, password reset, invitations) through its email channel. */

export interface AccountEmail {
  to: string;
  subject: string;
  /** plain text; the link it carries is on a line of its own */
  text: string;
  /** what the email is for: a header of the email, and the console line without SMTP */
  kind: string;
}

export interface SentAccountEmail {
  /** `smtp` when sent, `console` when printed to the console (no SMTP_URL; with NODE_ENV=production, only that it was not sent) */
  via: 'smtp' | 'console';
}

export const SEND_ACCOUNT_EMAIL: InternalRoute<{ body: AccountEmail; response: SentAccountEmail }> = {
  method: 'POST',
  path: '/internal/v1/app/account-emails',
};
