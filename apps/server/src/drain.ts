import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/**
 * How long a connection with no request in flight may still bring one while the server drains.
 * A keep-alive client (a balancer, a browser) may be sending on it at the very moment the drain
 * starts: closing it at once would reset that request, a second later it is the ordinary end of
 * an idle keep-alive connection, which clients expect.
 */
export const DRAIN_IDLE_MS = 1000;

/**
 * How long a shutdown lets the requests in flight finish before it cuts the rest: under the 30 s
 * Kubernetes waits after SIGTERM before it kills (decision 0040).
 */
export const DRAIN_GRACE_MS = 25_000;

export type ConnectionDrainer = {
  /**
   * Stops listening (new connections are refused), lets every request in flight finish and
   * answers each with `Connection: close`, closes each connection after its last answer (an idle
   * one after DRAIN_IDLE_MS), and resolves `true` once every connection is closed. After
   * `graceMs` the connections still open are cut and it resolves `false`.
   */
  drain(graceMs: number): Promise<boolean>;
};

/**
 * Tracks the requests in flight on each connection of `server` (from before it listens), so that
 * stopping never resets one. Node's `server.close()` closes idle keep-alive connections at once
 * (a request being sent on one is reset) and leaves the others to answer `Connection:
 * keep-alive` and be closed afterwards (the client's next request on it is reset too); Fastify's
 * `close()` answers every request that arrives meanwhile 503 and refuses the storefront's
 * in-process API calls (`app.inject`) of the pages still rendering. So the server drains first
 * with this, and closes the app once nothing is in flight (server.ts).
 */
export function connectionDrainer(
  server: Server,
  { idleMs = DRAIN_IDLE_MS }: { idleMs?: number } = {},
): ConnectionDrainer {
  /** The answers in flight on each open connection. */
  const inFlight = new Map<Socket, Set<ServerResponse>>();
  let draining = false;

  const closeIfStillIdle = (socket: Socket) => {
    let check: ReturnType<typeof setImmediate> | undefined;
    const timer = setTimeout(() => {
      // After the event loop's I/O, not in its timers: when the process was held up (a busy
      // machine) past idleMs, a request that reached the socket in time is still unread when the
      // timer runs, and destroying the socket then would reset it (RST, unread data). Reading
      // comes first, so it is in flight, answered and the connection closed after it.
      check = setImmediate(() => {
        if (inFlight.get(socket)?.size === 0) socket.destroy();
      });
    }, idleMs);
    socket.once('close', () => {
      clearTimeout(timer);
      if (check) clearImmediate(check);
    });
  };

  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, new Set());
    socket.once('close', () => inFlight.delete(socket));
  });
  // Before Fastify's own listener, so the header is there whatever the route does.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const answers = inFlight.get(socket) ?? new Set<ServerResponse>();
    inFlight.set(socket, answers);
    answers.add(res);
    // Node closes the connection after an answer that says so; the client opens no request on it.
    if (draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      answers.delete(res);
      // An answer that left before the drain said keep-alive: the connection is idle now.
      if (draining && answers.size === 0 && !socket.destroyed) closeIfStillIdle(socket);
    });
  });

  return {
    async drain(graceMs) {
      draining = true;
      // net.Server's close, not http.Server's: that one also closes the idle connections at once.
      const closed = new Promise<void>((resolve) => {
        NetServer.prototype.close.call(server, () => resolve());
      });
      for (const [socket, answers] of inFlight) {
        if (answers.size === 0) closeIfStillIdle(socket);
        for (const res of answers) if (!res.headersSent) res.setHeader('Connection', 'close');
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const inTime = await Promise.race([
        closed.then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), graceMs);
        }),
      ]);
      clearTimeout(timer);
      if (!inTime) {
        server.closeAllConnections();
        await closed;
      }
      return inTime;
    },
  };
}
