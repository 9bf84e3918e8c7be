import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackHttp {
  /** `http://127.0.0.1:<port>`, the port the system chose. */
  origin: string;
  /** Drops open connections (a handler that never answers leaves one) and stops listening. */
  close: () => Promise<void>;
}

/**
 * A fake of a paid remote service on loopback (an LLM provider's HTTP API): the handler gets each
 * request with its whole body as text, and answers as the real service would, or misbehaves on cue.
 */
export async function listenLoopbackHttp(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<LoopbackHttp> {
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}
