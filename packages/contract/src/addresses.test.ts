import { describe, expect, it } from 'vitest';
import { postcodeIssues } from './addresses.ts';
import { localizeIssues, type Translate } from './field-errors.ts';

const echo: Translate = (key, values) => `${key}${values ? JSON.stringify(values) : ''}`;

describe('postcodeIssues: the domain rule as a field error', () => {
  it('passes a postcode of the country’s shape, and leaves an empty one to the required rule', () => {
    expect(postcodeIssues({ code: 'DE', title: 'Germany' }, '10115')).toEqual([]);
    expect(postcodeIssues({ code: 'DE', title: 'Germany' }, '')).toEqual([]);
  });

  it('names the country and an example at the postcode field', () => {
    const errors = localizeIssues(
      postcodeIssues({ code: 'AT', title: 'Österreich' }, '10115'),
      echo,
    );
    expect(errors).toEqual({
      postcode: ['forms.postcode{"field":"postcode","country":"Österreich","example":"1010"}'],
    });
  });

  it('has no example for a country without its own rule', () => {
    const [issue] = postcodeIssues({ code: 'NL', title: 'Netherlands' }, '!');
    expect(issue?.message).toBe('forms.postcodeAny');
  });
});
