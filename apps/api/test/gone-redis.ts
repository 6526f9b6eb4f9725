import { createServer } from 'node:net';
import { createRedis } from '#api/lib/redis.ts';

/** A Redis client with the shop's options, pointed at a port nothing listens on. */
export async function goneRedis() {
  const server = createServer();
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(address && typeof address === 'object' ? address.port : 0);
    }),
  );
  await new Promise((resolve) => server.close(resolve));
  return createRedis(`redis://127.0.0.1:${port}`);
}
