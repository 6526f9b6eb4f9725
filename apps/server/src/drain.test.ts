import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionDrainer } from './drain.ts';

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** A GET through `agent`: its answer, or the socket error's code (ECONNRESET, ECONNREFUSED). */
function get(port: number, path: string, agent: Agent): Promise<Answer | string> {
  return new Promise((resolve) => {
    request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
      .end();
  });
}

/** A server whose `/slow` answers when the test says so, and whose other paths answer at once. */
async function serve(idleMs?: number) {
  const held: (() => void)[] = [];
  const arrived: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    if (req.url === '/slow') {
      held.push(() => res.end('slow'));
      for (const tell of arrived.splice(0)) tell();
      return;
    }
    res.end(`fast ${req.url}`);
  });
  const drainer = connectionDrainer(server, idleMs === undefined ? {} : { idleMs });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    server,
    drainer,
    port,
    /** Resolves once `/slow` has been asked `count` times in all. */
    slowArrived: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (held.length >= count ? resolve() : arrived.push(check));
        check();
      }),
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
  };
}

const agents: Agent[] = [];
const keepAlive = () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
};
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});

describe('draining the server before the app closes (SIGTERM)', () => {
  it('refuses new connections, answers what is in flight and what arrives on an open connection with Connection: close, and then is done', async () => {
    const shop = await serve();
    const busy = keepAlive();
    const idle = keepAlive();
    // An idle keep-alive connection, open before the drain.
    const before = await get(shop.port, '/before', idle);
    expect(before).toMatchObject({ status: 200, headers: { connection: 'keep-alive' } });
    const slow = get(shop.port, '/slow', busy);
    await shop.slowArrived(1);

    let done: boolean | undefined;
    const draining = shop.drainer.drain(10_000).then((inTime) => (done = inTime));

    // No new connection.
    expect(await get(shop.port, '/new', new Agent({ keepAlive: false }))).toBe('ECONNREFUSED');
    // A request on the connection that was idle is answered, and the connection closed after it.
    const late = await get(shop.port, '/late', idle);
    expect(late).toMatchObject({
      status: 200,
      body: 'fast /late',
      headers: { connection: 'close' },
    });
    // The request in flight is answered too, and says so.
    expect(done).toBeUndefined();
    shop.release();
    expect(await slow).toMatchObject({
      status: 200,
      body: 'slow',
      headers: { connection: 'close' },
    });
    await draining;
    expect(done).toBe(true);
    expect(shop.server.listening).toBe(false);
  });

  it('closes a keep-alive connection left idle once its short while is over', async () => {
    const shop = await serve(50);
    const idle = keepAlive();
    expect(await get(shop.port, '/before', idle)).toMatchObject({ status: 200 });
    // Resolves without the client doing anything: its connection was closed, not waited for.
    await expect(shop.drainer.drain(10_000)).resolves.toBe(true);
  });

  it('answers a request already waiting on an idle connection when its overdue close comes (a held-up process)', async () => {
    const shop = await serve(50);
    const idle = keepAlive();
    expect(await get(shop.port, '/before', idle)).toMatchObject({ status: 200 });
    const draining = shop.drainer.drain(10_000);
    // This process (the server and its client alike) is held up, as a busy machine holds it,
    // past the drain's 50 ms; the request goes out on the idle connection as it resumes: the
    // server finds it in its socket, unread, when the overdue timer runs.
    const heldUntil = Date.now() + 300;
    while (Date.now() < heldUntil) {
      // busy
    }
    const late = get(shop.port, '/late', idle);
    expect(await late).toMatchObject({
      status: 200,
      body: 'fast /late',
      headers: { connection: 'close' },
    });
    await expect(draining).resolves.toBe(true);
  });

  it('cuts what is still running after the grace period, and says so', async () => {
    const shop = await serve();
    const slow = get(shop.port, '/slow', keepAlive());
    await shop.slowArrived(1);
    await expect(shop.drainer.drain(100)).resolves.toBe(false);
    expect(await slow).toMatch(/ECONNRESET|socket hang up/);
  });
});
