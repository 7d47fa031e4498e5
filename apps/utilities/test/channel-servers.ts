import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** Quoted-printable and 7bit bodies as nodemailer writes them for text/plain. */
function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() !== 'quoted-printable') return body;
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const text = decodeBody(raw.slice(split + 4), headers['content-transfer-encoding']).replace(/\r\n$/, '');
  return { from, to, subject: headers.subject, text, headers };
}

/** A real SMTP server on loopback (no TLS, no auth) whose mailbox the test reads. */
export class TestSmtpServer {
  readonly mailbox: ReceivedMail[] = [];
  /** SMTP reply codes to answer the next messages with (e.g. [451]); empty accepts. */
  readonly rejectNext: number[] = [];
  private server!: SMTPServer;
  url = '';

  static async start(): Promise<TestSmtpServer> {
    const smtp = new TestSmtpServer();
    smtp.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const code = smtp.rejectNext.shift();
          if (code) return callback(Object.assign(new Error(`rejected with ${code}`), { responseCode: code }));
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          smtp.mailbox.push(
            parseMail(
              Buffer.concat(chunks).toString('latin1'),
              from,
              session.envelope.rcptTo.map((r) => r.address),
            ),
          );
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    smtp.url = `smtp://127.0.0.1:${(smtp.server.server.address() as AddressInfo).port}`;
    return smtp;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export interface ProviderRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  status: number;
}

/** The test's own HTTP provider for SMS, WhatsApp and push: records every request; answers as told. */
export class TestProviderServer {
  readonly requests: ProviderRequest[] = [];
  /** Per path: statuses to answer the next requests with; then `fallback`. */
  readonly script = new Map<string, number[]>();
  readonly fallback = new Map<string, number>();
  private server!: Server;
  url = '';

  static async start(): Promise<TestProviderServer> {
    const provider = new TestProviderServer();
    provider.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        const status = provider.script.get(path)?.shift() ?? provider.fallback.get(path) ?? 200;
        provider.requests.push({ path, headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString() || '{}'), status });
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `msg-${provider.requests.length}` }));
      });
    });
    await new Promise<void>((resolve) => provider.server.listen(0, '127.0.0.1', resolve));
    provider.url = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
    return provider;
  }

  received(path: string, to?: string): ProviderRequest[] {
    return this.requests.filter((request) => request.path === path && request.status < 300 && (to === undefined || request.body.to === to));
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export { eventually } from '@test/support/http';
