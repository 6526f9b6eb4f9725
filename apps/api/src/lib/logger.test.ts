import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadEnv, loggerOptionsOf } from '../env.ts';
import { createLogger, logFormatOf } from './logger.ts';
import { Stopwatch } from './timing.ts';

function captured() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('the log format (decision 0047)', () => {
  it.each([
    // A person at a terminal, NODE_ENV not given (`npm start`) or not production: readable.
    [{}, true, 'pretty'],
    [{ NODE_ENV: 'development' }, true, 'pretty'],
    [{ NODE_ENV: 'test' }, true, 'pretty'],
    // Production, or no terminal (a container, a process manager, a pipe): JSON.
    [{ NODE_ENV: 'production' }, true, 'json'],
    [{}, false, 'json'],
    [{ NODE_ENV: 'development' }, false, 'json'],
    // LOG_FORMAT says it outright.
    [{ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }, false, 'pretty'],
    [{ LOG_FORMAT: 'json' }, true, 'json'],
  ] as const)('%o at a terminal: %s → %s', (source, tty, format) => {
    expect(logFormatOf(loadEnv(source), tty)).toBe(format);
    expect(loggerOptionsOf(loadEnv({ ...source, LOG_LEVEL: 'warn' }), { tty })).toEqual({
      level: 'warn',
      format,
    });
  });

  it('refuses an unknown LOG_FORMAT with one clear line', () => {
    expect(() => loadEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('writes JSON lines, or readable lines with the request id', () => {
    const json = captured();
    createLogger({ level: 'info', format: 'json', destination: json.stream })
      .child({ reqId: 'req-12345678' })
      .info({ statusCode: 200 }, 'request completed');
    expect(JSON.parse(json.text())).toMatchObject({
      level: 30,
      reqId: 'req-12345678',
      statusCode: 200,
      msg: 'request completed',
    });

    const pretty = captured();
    createLogger({ level: 'info', format: 'pretty', destination: pretty.stream })
      .child({ reqId: 'req-12345678' })
      .info(
        { method: 'GET', url: '/de/products/', statusCode: 200, responseTime: 12.5 },
        'request completed',
      );
    expect(pretty.text()).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[req-12345678\] request completed GET \/de\/products\/ 200 12\.5 ms\n$/,
    );
  });

  it('leaves out what is below the level', () => {
    const json = captured();
    const log = createLogger({ level: 'info', format: 'json', destination: json.stream });
    log.debug({}, 'in-process call completed');
    expect(json.text()).toBe('');
  });
});

describe('Stopwatch', () => {
  it('counts overlapping spans once: the time at least one ran', async () => {
    const watch = new Stopwatch();
    const first = watch.start();
    const second = watch.start();
    await new Promise((resolve) => setTimeout(resolve, 30));
    first();
    second();
    second(); // a second end changes nothing
    const after = watch.ms;
    expect(after).toBeGreaterThanOrEqual(25);
    // Two spans of ~30 ms at once count ~30 ms, not ~60.
    expect(after).toBeLessThan(55);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(watch.ms).toBe(after);
  });
});
