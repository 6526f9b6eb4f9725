import { describe, expect, it } from 'vitest';
import { checkoutPageForm } from './checkout-forms.ts';

const form = checkoutPageForm({
  pickupIds: [3],
  countries: [{ id: 1, code: 'DE', title: 'Germany' }],
});

const contact = {
  intent: 'place',
  idempotencyKey: 'key-12345678',
  email: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Muster',
  phone: '+49 30 1234567',
  payment: 1,
};
const berlin = {
  country: 1,
  region: 2,
  city: 'Berlin',
  address: 'Alexanderplatz 1',
  postcode: '10178',
};

const errorFields = (value: unknown) => {
  const result = form.safeParse(value);
  return result.success
    ? []
    : [...new Set(result.error.issues.map((i) => i.path.join('.')))].sort();
};

describe('the checkout page form: the address as the API will check it', () => {
  it('takes a whole address for a shipped delivery', () => {
    expect(errorFields({ ...contact, ...berlin, delivery: 1 })).toEqual([]);
  });

  it('flags every missing part of the address on the first submit, with the contact’s errors', () => {
    expect(errorFields({ ...contact, email: 'x', delivery: 1 })).toEqual([
      'address',
      'city',
      'country',
      'email',
      'postcode',
    ]);
  });

  it('checks the postcode by the chosen country', () => {
    const result = form.safeParse({ ...contact, ...berlin, postcode: '1017', delivery: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['postcode'], message: 'forms.postcode' }),
    ]);
  });

  it('asks no address for a pickup', () => {
    expect(errorFields({ ...contact, delivery: 3 })).toEqual([]);
  });
});
