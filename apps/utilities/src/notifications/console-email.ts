import type { UtilitiesContract } from '@platform/contracts';

/** How the console names each kind of account email. */
const KIND_WORDS: Record<string, string> = {
  verify_email: 'verification',
  password_reset: 'password reset',
  invitation: 'invitation',
  already_registered: 'account notice',
};

/** What could end a printed line, move the cursor, drive the terminal or reorder what it shows. */
const UNPRINTABLE = /[\p{Cc}\p{Zl}\p{Zp}\p{Bidi_Control}]/gu;
const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One line of text, whatever it holds: control characters, separators and bidirectional formatting written as JSON escapes (`\n`, `\u202e`). */
export function printableLine(text: string): string {
  return text.replace(UNPRINTABLE, (character) => SHORT_ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * An account email as the console shows it without SMTP_URL. The recipient, the subject and each
 * line of the text are printed escaped (printableLine), the text's lines indented: nothing a
 * person chose (a name in the text) can start a line of its own, let alone one that passes for
 * the suite's (`[utilities] …`), from which one-machine users copy their links. With NODE_ENV
 * production the text is not printed at all: its link would give whoever reads the logs the
 * account (a verification, a password reset) or the invitation.
 */
export function consoleEmail(email: UtilitiesContract.AccountEmail, production: boolean): string {
  const what = KIND_WORDS[email.kind] ?? email.kind.replace(/_/g, ' ');
  const to = printableLine(email.to);
  if (production) {
    return `\n[utilities] No SMTP_URL: this ${what} email to ${to} was not sent, and with NODE_ENV=production its text (a link that opens the account) is not printed either. Set SMTP_URL.\n\n`;
  }
  const lines = email.text.split('\n').map((line) => `  ${printableLine(line)}`);
  return `\n[utilities] No SMTP_URL: this ${what} email to ${to} is printed here instead of sent.\n  Subject: ${printableLine(email.subject)}\n${lines.join('\n')}\n\n`;
}
