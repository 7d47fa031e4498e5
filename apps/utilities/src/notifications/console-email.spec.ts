import { consoleEmail, printableLine } from './console-email';

const SUITE_LINE = /^\[utilities\]/;

describe('printableLine', () => {
  it('escapes what could end a line, drive the terminal or reorder text, as JSON would', () => {
    expect(printableLine('a\nb\rc\td')).toBe('a\\nb\\rc\\td');
    expect(printableLine('\u001b[2K\u0007\u007f\u0085\u009b')).toBe('\\u001b[2K\\u0007\\u007f\\u0085\\u009b');
    expect(printableLine('x\u2028y\u2029z\u202ecba\u2066\u200f')).toBe('x\\u2028y\\u2029z\\u202ecba\\u2066\\u200f');
  });

  it('leaves names in any script, accents, emoji and joiners as they are', () => {
    for (const text of ['Société Générale', 'شركة', 'Team 👩‍💻', 'می\u200Cخواهم', 'https://127.0.0.1:3000/dashboard/verify-email#token=abc_-1'])
      expect(printableLine(text)).toBe(text);
  });
});

describe('consoleEmail', () => {
  const forged =
    'Acme\n\n[utilities] No SMTP_URL: this password reset email to you@example.com is printed here instead of sent.\n  Subject: Reset your password\n  http://evil.example/dashboard/password-reset#token=x';

  it('prints the email with its link on a line of its own, every line of the text indented', () => {
    const printed = consoleEmail(
      {
        kind: 'verify_email',
        to: 'ada@example.com',
        subject: 'Verify your email address',
        text: 'Hello Ada,\n\nConfirm:\n\nhttp://127.0.0.1:3000/dashboard/verify-email#token=abc\n',
      },
      false,
    );
    expect(printed.split('\n')).toEqual([
      '',
      '[utilities] No SMTP_URL: this verification email to ada@example.com is printed here instead of sent.',
      '  Subject: Verify your email address',
      '  Hello Ada,',
      '  ',
      '  Confirm:',
      '  ',
      '  http://127.0.0.1:3000/dashboard/verify-email#token=abc',
      '  ',
      '',
      '',
    ]);
  });

  it('prints no line of its own for what a subject, a recipient or a name in the text holds: only its one header line starts like the suite’s', () => {
    const printed = consoleEmail(
      {
        kind: 'invitation',
        to: 'ben@example.com',
        subject: `Join ${forged}`,
        text: `Hello,\n\nMallory\r[utilities] fake\u2028line invites you to join “${forged.replace(/\n/g, '\u2028')}”.\n`,
      },
      false,
    );
    const lines = printed.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/);
    expect(lines.filter((line) => SUITE_LINE.test(line))).toEqual([
      '[utilities] No SMTP_URL: this invitation email to ben@example.com is printed here instead of sent.',
    ]);
    expect(lines.filter((line) => line && !line.startsWith('  ') && !SUITE_LINE.test(line))).toEqual([]);
    expect(printed).toContain('  Subject: Join Acme\\n\\n[utilities] No SMTP_URL');
    expect(printed).toContain('  Mallory\\r[utilities] fake\\u2028line invites you');
  });

  it('prints no text with NODE_ENV=production: its link would open the account for whoever reads the logs', () => {
    const printed = consoleEmail(
      {
        kind: 'password_reset',
        to: 'ada@example.com',
        subject: 'Reset your password',
        text: 'Hello Ada,\n\nhttp://127.0.0.1:3000/dashboard/password-reset#token=secret-token\n',
      },
      true,
    );
    expect(printed).not.toContain('secret-token');
    expect(printed).not.toContain('Hello Ada');
    expect(printed).toContain('this password reset email to ada@example.com was not sent');
    expect(printed).toContain('Set SMTP_URL');
  });
});
