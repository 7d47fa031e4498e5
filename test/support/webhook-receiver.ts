import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  event: { id: string; type: string; occurredAt: string; companyId: string; data: Record<string, any>; version: number };
  /** The signature checked by the standardwebhooks library with the secret(s) the test gave. */
  verified: boolean;
  receivedAt: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Never answers (the connection stays open until the receiver closes). */
  hang?: boolean;
}

/**
 * A webhook receiver on loopback: a real HTTP server that verifies every delivery's signature
 * with the `standardwebhooks` library (independent of the suite's signing) and answers as told.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Answers for the next requests, in order; when empty, `fallback`. */
  readonly answers: Answer[] = [];
  fallback: Answer = { status: 200, body: 'ok' };
  secrets: string[] = [];
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  url = '';

  /** Listens on `port` (0: any free one), e.g. again where a closed receiver was. */
  static async start(path = '/hooks', port = 0): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    receiver.server = createServer((request, response) => receiver.handle(request, response));
    receiver.server.on('connection', (socket) => {
      receiver.sockets.add(socket);
      socket.on('close', () => receiver.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => receiver.server.listen(port, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}${path}`;
    return receiver;
  }

  /** The deliveries of one event (every attempt). */
  of(eventId: string): ReceivedWebhook[] {
    return this.received.filter((hook) => hook.id === eventId);
  }

  ofType(type: string): ReceivedWebhook[] {
    return this.received.filter((hook) => hook.event.type === type);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      const verified = this.secrets.length > 0 && this.secrets.some((secret) => verifies(secret, body, headers));
      this.received.push({
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        event: JSON.parse(body),
        verified,
        receivedAt: Date.now(),
      });
      const answer = this.answers.shift() ?? this.fallback;
      if (answer.hang) return;
      response.writeHead(answer.status, answer.headers ?? {});
      response.end(answer.body ?? '');
    });
  }
}

function verifies(secret: string, body: string, headers: Record<string, string>): boolean {
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  }
}
