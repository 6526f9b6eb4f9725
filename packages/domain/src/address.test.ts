import { describe, expect, it } from 'vitest';
import { isValidPostcode, normalizePostcode, postcodeRule } from './address.ts';

describe('isValidPostcode: "the postcode is checked per country"', () => {
  it.each<[string, string, boolean]>([
    // Germany: five digits.
    ['DE', '10115', true],
    ['DE', ' 10115 ', true],
    ['DE', '1011', false],
    ['DE', '101155', false],
    ['DE', '1O115', false],
    ['de', '80331', true],
    // Italy: five digits.
    ['IT', '20121', true],
    ['IT', '2012', false],
    ['IT', 'MI 20121', false],
    // Austria: four digits.
    ['AT', '1010', true],
    ['AT', '10115', false],
    // Switzerland: four digits.
    ['CH', '8001', true],
    ['CH', '800', false],
    ['CH', 'CH-8001', false],
    // A country without a rule: short letters and digits.
    ['NL', '1012 AB', true],
    ['NL', 'x', false],
    ['NL', '!!!!!', false],
    // Never empty.
    ['DE', '', false],
    ['NL', '   ', false],
  ])('%s %j → %s', (country, postcode, valid) => {
    expect(isValidPostcode(country, postcode)).toBe(valid);
  });

  it('gives an example of each seeded country that its own rule accepts', () => {
    for (const code of ['DE', 'IT', 'AT', 'CH']) {
      const { example } = postcodeRule(code);
      expect(example).not.toBe('');
      expect(isValidPostcode(code, example)).toBe(true);
    }
  });

  it('normalises spaces and case', () => {
    expect(normalizePostcode('  1012   ab ')).toBe('1012 AB');
  });
});
