// A visitor who leaves while an answer is streamed (a closed tab, a cancelled download) is not a
// failure of the shop: Node's "Premature close" is logged at info then, at error otherwise.
import { request } from 'node:http';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.ts';

const PORT = Number(process.env.PREMATURE_CLOSE_TEST_PORT ?? 4407);
const lines: { level: number; msg: string }[] = [];
const app = Fastify({
  logger: {
    level: 'info',
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    }),
  },
});
const prematureClose = () =>
  Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

beforeAll(async () => {
  registerErrorHandler(app);
  app.get('/gone', async (req) => {
    req.raw.socket.destroy();
    throw prematureClose();
  });
  app.get('/here', async () => {
    throw prematureClose();
  });
  await app.listen({ host: '127.0.0.1', port: PORT });
});
afterAll(() => app.close());

const get = (path: string) =>
  new Promise<void>((resolve) => {
    const req = request({ host: '127.0.0.1', port: PORT, path }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', () => resolve());
    req.end();
  });

describe('a premature close', () => {
  it('is logged at info when the client’s socket is gone, at error while it is there', async () => {
    await get('/gone');
    await expect
      .poll(() => lines.find((l) => l.msg === 'the client closed the connection during the answer'))
      .toMatchObject({ level: 30 });
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    await get('/here');
    await expect
      .poll(() => lines.find((l) => l.msg === 'request failed'))
      .toMatchObject({ level: 50 });
  });
});
