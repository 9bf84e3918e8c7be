import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver got it: the raw body, as a signature is computed over it. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers: a status (with an optional Location), or 'hang' (never answer). */
export type ReceiverAnswer = number | 'hang' | { status: number; location: string };

export interface WebhookReceiver {
  /** http://127.0.0.1:{port}/hooks */
  url: string;
  requests: ReceivedRequest[];
  /** Decides each answer (200 by default); the request is already in `requests`. */
  answer: (request: ReceivedRequest) => ReceiverAnswer;
  close(): Promise<void>;
}

/** A real HTTP server on loopback, on a port the system picks, standing for a company's endpoint. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    requests: [],
    answer: () => 200,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      receiver.requests.push(received);
      const answer = receiver.answer(received);
      if (answer === 'hang') return;
      const { status, location } = typeof answer === 'number' ? { status: answer, location: undefined } : answer;
      res.writeHead(status, { 'content-type': 'text/plain', ...(location ? { location } : {}) });
      res.end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
