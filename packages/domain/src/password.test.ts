import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password.ts';

describe('passwordProblem — "at least 8 characters, checked against the email and common passwords"', () => {
  it.each<[string, string, ReturnType<typeof passwordProblem>]>([
    ['short1!', 'ann@example.com', 'tooShort'],
    ['', 'ann@example.com', 'tooShort'],
    ['ann@example.com', 'ann@example.com', 'likeEmail'],
    ['annabelle2026', 'annabelle@example.com', 'likeEmail'],
    ['ANNABELLE-rocks', 'annabelle@example.com', 'likeEmail'],
    ['Password123', 'x@example.com', 'common'],
    ['qwertyui', 'x@example.com', 'common'],
    ['correct horse battery', 'ann@example.com', null],
    ['ann-linen-2026', 'ann@example.com', null],
    ['ünïcödé8', 'x@example.com', null],
  ])('%j for %s → %s', (password, email, problem) => {
    expect(passwordProblem(password, email)).toBe(problem);
  });
});
