// One logger, one request id (decision 0047): a page's errors go through the page request's pino
// logger with the same reqId as the in-process API calls it made; those calls are logged at
// debug, the page once at info; the page answer says where its time went (Server-Timing).
// The storefront here is its real server entry (handleError, the renderer, the load context) and
// its real API client, over one route whose loader calls the API and then fails.
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createElement } from 'react';
import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../api/test/helpers.ts';
import { serverApi } from '../../storefront/app/lib/api.server.ts';
import { fakeBuild } from '../test/fake-build.ts';
import { mountStorefront } from './storefront.ts';

type LogLine = {
  level: number;
  msg: string;
  reqId?: string;
  url?: string;
  err?: { message?: string };
};

const lines: LogLine[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString().split('\n')) {
      if (text.trim()) lines.push(JSON.parse(text) as LogLine);
    }
    done();
  },
});
const DEBUG = 20;
const INFO = 30;
const ERROR = 50;

/** Two pages: one whose loader calls the API and fails, one that calls the API and shows. */
function storefront(): ServerBuild {
  const loaderCallingApi =
    (fail: boolean) =>
    async ({ request, context }: { request: Request; context: never }) => {
      const { api } = serverApi(context, request, 'en');
      const languages = await api.core.languages();
      if (fail) throw new Error('the loader broke after its API call');
      return { count: languages.length };
    };
  return fakeBuild(storefrontEntry, [
    { id: 'root', path: '', module: { default: () => createElement('main') } },
    {
      id: 'broken',
      parentId: 'root',
      path: 'en/broken',
      module: { default: () => null, loader: loaderCallingApi(true) },
    },
    {
      id: 'fine',
      parentId: 'root',
      path: 'en/fine',
      module: { default: () => createElement('p', null, 'fine'), loader: loaderCallingApi(false) },
    },
  ]);
}

// The storefront's real server entry. A path the compiler does not follow: this package compiles
// without JSX (vitest transforms the file when the test runs).
const ENTRY: string = '../../storefront/app/entry.server.tsx';
const storefrontEntry = (await import(ENTRY)) as Record<string, unknown>;

const t = useTestApp({
  loggerInstance: pino({ level: 'debug' }, logStream),
  mount: async (app) => {
    await mountStorefront(app, storefront(), {
      publicOrigin: 'http://127.0.0.1',
      cache: { ttlMs: 0, maxBytes: 0 },
    });
  },
});

/** The page from over the network, as a browser asks for it. */
async function page(path: string) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  await res.text();
  const reqId = res.headers.get('x-request-id') ?? '';
  // The page's own line is written once the answer is finished.
  await expect.poll(() => lines.some((l) => l.reqId === reqId && l.url === path)).toBe(true);
  return { res, reqId, mine: lines.filter((l) => l.reqId === reqId) };
}

describe('the log of a page', () => {
  it('logs a loader error as JSON with the page request id its API calls carry', async () => {
    const { res, reqId, mine } = await page('/en/broken');
    expect(res.status).toBe(500);
    expect(reqId).not.toBe('');
    const failure = mine.find((l) => l.msg === 'page failed');
    expect(failure?.level).toBe(ERROR);
    expect(failure?.err?.message).toBe('the loader broke after its API call');
    // The API call the loader made, under the same id.
    const call = mine.find((l) => l.url?.startsWith('/en/api/core/languages/'));
    expect(call).toMatchObject({ level: DEBUG, msg: 'in-process call completed' });
  });

  it('logs the page once at info, and its in-process API calls at debug only', async () => {
    const { res, mine } = await page('/en/fine');
    expect(res.status).toBe(200);
    const atInfo = mine.filter((l) => l.level >= INFO);
    expect(atInfo).toEqual([
      expect.objectContaining({ url: '/en/fine', msg: 'request completed' }),
    ]);
    const calls = mine.filter((l) => l.url?.startsWith('/en/api/'));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((l) => l.level === DEBUG)).toBe(true);
  });

  it('says in Server-Timing how long the page spent in the database, the API and its render', async () => {
    const { res } = await page('/en/fine');
    const header = res.headers.get('server-timing') ?? '';
    const metrics = Object.fromEntries(
      header.split(',').map((part) => {
        const [name = '', dur = ''] = part.trim().split(';dur=');
        return [name, Number(dur)];
      }),
    );
    expect(Object.keys(metrics)).toEqual(['db', 'api', 'render']);
    // The loader's API call read the database: both took time, the database no more than the
    // call it was part of.
    expect(metrics.api).toBeGreaterThan(0);
    expect(metrics.db).toBeGreaterThan(0);
    expect(metrics.db).toBeLessThanOrEqual(metrics.api!);
    expect(metrics.render).toBeGreaterThan(0);
  });
});
