import { describe, expect, it } from 'vitest';
import { rangeProblems } from './dependency-ranges.ts';

const ws = (path: string, dependencies: Record<string, string>) => ({
  path,
  manifest: { dependencies },
});

describe('one range per package across the workspaces', () => {
  it('accepts the same range everywhere, and ignores the linked workspaces', () => {
    expect(
      rangeProblems([
        ws('apps/a', { fastify: '^5.1.0', '@shop/api': '*', 'react-router': '8.4.0' }),
        ws('apps/b', { fastify: '^5.1.0', '@shop/api': '1.0.0', '@react-router/node': '8.4.0' }),
      ]),
    ).toEqual([]);
  });

  it('refuses two ranges of one package (the pinned and the caret React Router)', () => {
    const problems = rangeProblems([
      ws('apps/server', { 'react-router': '8.4.0' }),
      ws('apps/storefront', { 'react-router': '^8.4.0' }),
    ]);
    expect(problems[0]).toMatch(/^react-router is asked for with 2 ranges/);
  });

  it('refuses a family that would move apart', () => {
    const problems = rangeProblems([
      ws('apps/storefront', { 'react-router': '8.4.0', '@react-router/dev': '8.5.0' }),
      ws('apps/x', { react: '^19.3.1', 'react-dom': '^19.2.0' }),
    ]);
    expect(problems).toHaveLength(2);
  });
});
