import { createServer, IncomingMessage, request as httpRequest, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * An HTTP relay in front of a service, which a test can make slow or absent as a network or the
 * service itself would be: `hold` keeps the requests of some paths waiting (unanswered) until
 * `release`, `cut` refuses every connection until `open` again, on the same port.
 */
export class HttpRelay {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private holding?: (path: string) => boolean;
  private waiting: Array<() => void> = [];
  private port = 0;

  constructor(private readonly target: string) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    this.server = createServer((request, response) => {
      if (this.holding?.(request.url ?? '')) this.waiting.push(() => this.forward(request, response));
      else this.forward(request, response);
    });
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as { port: number }).port;
  }

  /** Requests whose path `matching` picks wait from now until `release`. */
  hold(matching: (path: string) => boolean): void {
    this.holding = matching;
  }

  release(): void {
    this.holding = undefined;
    for (const forward of this.waiting.splice(0)) forward();
  }

  /** Drops every connection (and what waits on them) and stops listening. */
  async cut(): Promise<void> {
    this.waiting = [];
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private forward(request: IncomingMessage, response: ServerResponse): void {
    const upstream = httpRequest(`${this.target}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  }
}
