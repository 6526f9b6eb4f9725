import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { reportOutages } from './redis.ts';

describe('reportOutages', () => {
  it('warns once when Redis goes away and says once that it is back', () => {
    const client = new EventEmitter();
    const lines: string[] = [];
    reportOutages(client, {
      warn: (line) => lines.push(`warn ${line}`),
      info: (line) => lines.push(`info ${line}`),
    });
    client.emit('ready');
    expect(lines).toEqual([]);
    for (let i = 0; i < 5; i++)
      client.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    expect(lines).toEqual([
      'warn redis: connect ECONNREFUSED 127.0.0.1:6379 (the shop retries in the background; sessions fail closed)',
    ]);
    client.emit('ready');
    client.emit('ready');
    client.emit('error', new Error('Connection is closed.'));
    expect(lines.slice(1)).toEqual([
      'info redis: connected again',
      'warn redis: Connection is closed. (the shop retries in the background; sessions fail closed)',
    ]);
  });
});
