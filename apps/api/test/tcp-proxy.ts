import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a service of the machine (PostgreSQL, Redis) that a test cuts (every
 * connection dropped, new ones refused) and restores on the same port: the service "stops" and
 * "comes back" without root. Used by the API's and the whole server's outage tests.
 *
 * `silence()` imitates a network partition instead: connections stay open and new ones are
 * accepted, but no byte goes through in either direction until `speak()` (what was sent meanwhile
 * is delivered then, as TCP would once the network is back). A test also uses it to have
 * requests in flight, waiting on the service, at a moment of its choosing (`heldChunks`).
 */
export function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  let silent = false;
  /** How many of the next connections are accepted but never passed on (holdNext). */
  let toHold = 0;
  /** Bytes that arrived while silent, per direction, delivered by speak(). */
  let held: { to: Socket; chunk: Buffer }[] = [];
  const waiters = new Set<() => void>();
  const relay = (from: Socket, to: Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (!silent) {
        to.write(chunk);
        return;
      }
      held.push({ to, chunk });
      for (const wake of waiters) wake();
    });
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        if (toHold > 0) {
          toHold--;
          sockets.add(client);
          client.on('error', () => client.destroy()).on('close', () => sockets.delete(client));
          return;
        }
        const upstream = connect(target.port, target.host);
        sockets.add(client).add(upstream);
        relay(client, upstream);
        relay(upstream, client);
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
        silent = false;
        held = [];
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        if (server) server.close(() => resolve());
        else resolve();
        server = null;
      }),
    /** From now on nothing passes (a partition): the service neither answers nor refuses. */
    silence: () => {
      silent = true;
    },
    /**
     * The next `count` connections are accepted but never reach the service (a connection slow
     * to open on a loaded machine): the others, open and new, pass as before.
     */
    holdNext: (count = 1) => {
      toHold += count;
    },
    /** Lets everything through again, first what was held. */
    speak: () => {
      silent = false;
      const pending = held;
      held = [];
      for (const { to, chunk } of pending) if (!to.destroyed) to.write(chunk);
    },
    /** Resolves once `count` chunks (a query, a command) are held while silent. */
    heldChunks: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (held.length < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
  };
}
