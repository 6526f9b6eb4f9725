// One shop of several processes answers /metrics as one (decision 0061): the registries of two
// workers summed the way prom-client's AggregatorRegistry does, then a real `cluster` of two
// workers behind one port, asked through either of them.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { AggregatorRegistry, Gauge } from 'prom-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseExposition, sampleSum } from '../../test/prometheus.ts';
import { createMetrics } from './metrics.ts';

describe('two workers’ registries summed', () => {
  it('adds the counts and histograms, and keeps the lowest health', async () => {
    const workers = [createMetrics({ onError: () => {} }), createMetrics({ onError: () => {} })];
    const route = {
      method: 'GET',
      route: '/:locale/api/products/products/',
      origin: 'network' as const,
    };
    workers[0]!.request({ ...route, status: 200, seconds: 0.004 });
    workers[1]!.request({ ...route, status: 200, seconds: 0.2 });
    workers[1]!.request({ ...route, status: 200, seconds: 0.3 });
    workers[0]!.order({ outcome: 'placed' });
    workers[1]!.order({ outcome: 'refused', reason: 'stock' });
    workers[1]!.cacheLookups('page')('hit', 3);
    // The metrics plugin's health gauges are so: the lowest across workers counts.
    workers.forEach((worker, i) => {
      const up = new Gauge({
        name: 'shop_redis_up',
        help: 'Whether Redis answers.',
        aggregator: 'min',
        registers: [worker.registry],
      });
      up.set(i === 0 ? 1 : 0);
    });

    const sum = AggregatorRegistry.aggregate(
      await Promise.all(workers.map((w) => w.registry.getMetricsAsJSON())),
    );
    const { samples } = parseExposition(await sum.metrics());
    expect(sampleSum(samples, 'shop_http_requests_total', { ...route, status: '200' })).toBe(3);
    expect(sampleSum(samples, 'shop_http_request_duration_seconds_count', route)).toBe(3);
    const bucket = (le: string) =>
      sampleSum(samples, 'shop_http_request_duration_seconds_bucket', { ...route, le });
    expect(bucket('0.005')).toBe(1);
    expect(bucket('0.25')).toBe(2);
    expect(bucket('+Inf')).toBe(3);
    expect(sampleSum(samples, 'shop_orders_total', { outcome: 'placed' })).toBe(1);
    expect(sampleSum(samples, 'shop_orders_total', { outcome: 'refused', reason: 'stock' })).toBe(
      1,
    );
    expect(sampleSum(samples, 'shop_cache_lookups_total', { cache: 'page', result: 'hit' })).toBe(
      3,
    );
    expect(sampleSum(samples, 'shop_redis_up')).toBe(0);
  });
});

/** A GET on a connection of its own (no keep-alive): the cluster deals connections round robin. */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a cluster of two workers', () => {
  const fixture = fileURLToPath(new URL('../../test/metrics-cluster.ts', import.meta.url));
  let primary: ChildProcess | undefined;
  let port = 0;
  let dropDatabase = async () => {};
  let out = '';

  /** The first match of `pattern` in what the cluster printed from now on. */
  function printed(pattern: RegExp): Promise<string> {
    const from = out.length;
    return new Promise((resolve) => {
      const look = () => {
        const match = pattern.exec(out.slice(from));
        if (!match) return;
        primary?.stdout?.off('data', look);
        resolve(match[1] ?? match[0]);
      };
      primary?.stdout?.on('data', look);
      look();
    });
  }

  beforeAll(async () => {
    // The workers share one PostgreSQL database (a copy of the seeded one), or each load PGlite.
    let source = inject('pgliteDump');
    const url = process.env.DATABASE_URL;
    if (url && inject('pgTemplate')) {
      const name = `shop_cluster_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      source = target.toString();
      dropDatabase = async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      };
    }
    const child = spawn(process.execPath, [fixture, source], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    primary = child;
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    port = Number(
      await new Promise<string>((resolve, reject) => {
        child.on('exit', (code) => reject(new Error(`the cluster exited (${code}): ${errors}`)));
        void printed(/\{"port":(\d+)\}/).then(resolve);
      }),
    );
  }, 120_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null) {
      const exited = new Promise((resolve) => primary?.once('exit', resolve));
      primary.kill('SIGTERM');
      await exited;
    }
    await dropDatabase();
  });

  it('answers /metrics from any worker with the sum of both', async () => {
    const path = '/en/api/products/products/?page_size=1';
    for (let i = 0; i < 10; i++) expect((await get(port, path)).status).toBe(200);
    const labels = {
      method: 'GET',
      route: '/:locale/api/products/products/',
      status: '200',
      origin: 'network',
    };
    // Two scrapes, dealt to the two workers in turn: each answers the whole cluster's figures.
    for (let scrape = 0; scrape < 2; scrape++) {
      const res = await get(port, '/metrics');
      expect(res.status).toBe(200);
      const { samples } = parseExposition(res.body);
      expect(sampleSum(samples, 'shop_metrics_workers', { state: 'asked' })).toBe(2);
      expect(sampleSum(samples, 'shop_metrics_workers', { state: 'answered' })).toBe(2);
      expect(sampleSum(samples, 'shop_http_requests_total', labels)).toBe(10);
      expect(
        sampleSum(samples, 'shop_http_request_duration_seconds_count', {
          route: labels.route,
          origin: 'network',
        }),
      ).toBe(10);
      expect(sampleSum(samples, 'shop_database_up')).toBe(1);
      // Both workers' pools: twice one worker's.
      const max = sampleSum(samples, 'shop_db_pool_max');
      expect(max).toBe(process.env.DATABASE_URL && inject('pgTemplate') ? 4 : 2);
    }
  });

  it('answers 503 with the reason while the primary does not answer, and 200 once it does', async () => {
    // Both workers have had the primary's answer (a worker that never had one serves its own).
    for (let scrape = 0; scrape < 2; scrape++) {
      expect((await get(port, '/metrics')).status).toBe(200);
    }
    const stuck = printed(/"primary":"stuck"/);
    primary?.kill('SIGUSR2');
    await stuck;
    try {
      for (let scrape = 0; scrape < 2; scrape++) {
        const res = await get(port, '/metrics');
        expect(res.status, res.body).toBe(503);
        expect(JSON.parse(res.body)).toEqual({
          detail: expect.stringMatching(/cluster primary did not answer/) as unknown,
        });
      }
    } finally {
      const answering = printed(/"primary":"answering"/);
      primary?.kill('SIGUSR2');
      await answering;
    }
    const res = await get(port, '/metrics');
    expect(res.status).toBe(200);
    const { samples } = parseExposition(res.body);
    expect(sampleSum(samples, 'shop_metrics_workers', { state: 'answered' })).toBe(2);
  });
});
