import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './order-status.ts';
import { canChangeTracking, mailsTrackingChange } from './tracking.ts';

describe('canChangeTracking', () => {
  it('only on a shipped order', () => {
    expect(ORDER_STATUSES.filter(canChangeTracking)).toEqual(['shipped']);
  });
});

describe('mailsTrackingChange', () => {
  it.each([
    ['', 'TRK1', true],
    ['TRK1', 'TRK2', true],
    ['TRK1', 'TRK1', false],
    ['TRK1', '', false],
    ['', '', false],
  ])('%j → %j: %s', (before, after, mailed) => {
    expect(mailsTrackingChange(before, after)).toBe(mailed);
  });
});
