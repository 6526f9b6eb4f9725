import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a service of the machine (PostgreSQL, Redis) that a test cuts (every
 * connection dropped, new ones refused) and restores on the same port: the service "stops" and
 * "comes back" without root. Used by the API's and the whole server's outage tests.
 */
export function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  return {
    listen,
    get port() {
      return port;
    },
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        if (server) server.close(() => resolve());
        else resolve();
        server = null;
      }),
  };
}
