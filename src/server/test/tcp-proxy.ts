import net, { type AddressInfo } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every connection and stops listening: to a client, the server went away. */
  cut(): Promise<void>;
  /** Listens again on the same port: the server is back. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy on loopback in front of `target`, which a test can cut and restore (a database outage). */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // Either end failing ends both: the other side sees the connection drop, as with a real outage.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const cut = async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return { port, cut, restore: () => listen(port), close: cut };
}
