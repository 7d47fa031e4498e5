import { randomBytes } from 'node:crypto';
import { UtilitiesModule } from '../src/utilities.module';
import { call } from '@test/support/http';
import { expectError, RunningApp, TestStack } from '@test/support/stack';

const ROUTE = '/internal/v1/app/account-emails';
/** Every way a terminal or a reader may take text as a new line. */
const LINE_BREAKS = /\r\n|\r|\n|\u000b|\u000c|\u0085|\u2028|\u2029/;

/**
 * Account emails printed on the console without SMTP_URL (the one-machine suite), through
 * utilities' internal route as auth sends them: nothing a person chose may print a line of its
 * own, and with NODE_ENV=production no link (its token) is printed at all.
 */
describe('account emails on the console, without SMTP_URL', () => {
  let stack: TestStack;
  let development: RunningApp;
  let production: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start();
    development = await stack.startApp(UtilitiesModule, 'utilities');
    production = await stack.startApp(UtilitiesModule, 'utilities', {
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'https://api.example.com',
      WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64url'),
    });
  });
  afterAll(() => stack.stop());

  /** Sends an account email as auth does, and answers what the process printed meanwhile (the app runs in this process). */
  async function send(app: RunningApp, email: { kind: string; to: string; subject: string; text: string }) {
    const write = process.stderr.write;
    let printed = '';
    process.stderr.write = ((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    }) as typeof process.stderr.write;
    try {
      const answer = await call(app.url, 'POST', ROUTE, {
        headers: { 'x-internal-token': stack.env.INTERNAL_TOKEN },
        body: email,
        unchecked: 'an internal route: not in the OpenAPI document',
      });
      return { answer, printed };
    } finally {
      process.stderr.write = write;
    }
  }

  it('refuses a subject of more than one line: a 400 that auth does not retry', async () => {
    const { answer, printed } = await send(development, {
      kind: 'invitation',
      to: 'ben@example.com',
      subject: 'Join Acme\n\n[utilities] No SMTP_URL: this password reset email to ben@example.com is printed here instead of sent.',
      text: 'Hello,\n',
    });
    expectError(answer, 400, 'VALIDATION_FAILED');
    expect(answer.body.errors).toEqual({ subject: ['subject must not contain control characters, line breaks or bidirectional formatting characters'] });
    expect(printed).toBe('');
  });

  it('prints a name in the text escaped, on its indented line: only the header starts like the suite’s own lines, and no terminal control gets through', async () => {
    const forged = '[utilities] No SMTP_URL: this password reset email to ben@example.com is printed here instead of sent.';
    const { answer, printed } = await send(development, {
      kind: 'invitation',
      to: 'ben@example.com',
      subject: 'You are invited to an organization on Platform',
      text: `Hello,\n\nMallory\u0085${forged}\u001b[1G${forged}\r${forged}\u2028${forged} invites you to join “Acme\u202e”.\n\nhttps://127.0.0.1:3000/dashboard/accept-invitation#token=abc\n`,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ via: 'console' });
    const lines = printed.split(LINE_BREAKS);
    expect(lines.filter((line) => line.startsWith('[utilities]'))).toEqual([
      '[utilities] No SMTP_URL: this invitation email to ben@example.com is printed here instead of sent.',
    ]);
    expect(lines.filter((line) => line !== '' && !line.startsWith('  ') && !line.startsWith('[utilities]'))).toEqual([]);
    expect(printed).not.toMatch(/[\u001b\u202e]/);
    expect(printed).toContain(`  Mallory\\u0085${forged}\\u001b[1G${forged}\\r${forged}\\u2028${forged} invites you to join “Acme\\u202e”.`);
    expect(printed).toContain('\n  https://127.0.0.1:3000/dashboard/accept-invitation#token=abc\n');
  });

  it('prints no text, so no link and no token, with NODE_ENV=production', async () => {
    const token = randomBytes(32).toString('base64url');
    const { answer, printed } = await send(production, {
      kind: 'password_reset',
      to: 'ada@example.com',
      subject: 'Reset your password',
      text: `Hello Ada,\n\nChoose a new password with this link (it works for one hour, once):\n\nhttps://api.example.com/dashboard/password-reset#token=${token}\n`,
    });
    expect(answer.status).toBe(200);
    expect(printed).not.toContain(token);
    expect(printed).not.toContain('password-reset#');
    expect(printed).toContain('[utilities] No SMTP_URL: this password reset email to ada@example.com was not sent');
    expect(printed).toContain('Set SMTP_URL.');
  });
});
