import { describe, expect, it } from 'vitest';
import { parseForm } from './forms.ts';
import { checkoutPageForm, checkoutSections } from './checkout-forms.ts';
import { CHECKOUT_SECTION_FIELDS } from './checkout-sections.ts';
import { checkoutHandle, scriptsAfterPaintHandle, wantsCheckoutChrome } from './route-handle.ts';

const t = (key: string) => key;
const countries = [{ id: 1, code: 'DE', title: 'Germany' }];
const CHECKOUT_SECTIONS = checkoutSections({ countries });
const pageForm = checkoutPageForm({ pickupIds: [3], countries });
const formOf = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
};

describe('the checkout’s sections', () => {
  it('the page knows each section’s fields without its schema: the same as the schema’s (decision 0084)', () => {
    for (const [section, schema] of Object.entries(CHECKOUT_SECTIONS)) {
      expect(
        [...CHECKOUT_SECTION_FIELDS[section as keyof typeof CHECKOUT_SECTIONS]].sort(),
        section,
      ).toEqual(Object.keys(schema.shape).sort());
    }
  });

  it('a section checks its own fields only: contact is done while the address is empty', () => {
    const values = formOf({
      email: 'anna@example.com',
      firstName: 'Anna',
      lastName: 'Muster',
      phone: '+49 89 1234567',
    });
    expect(parseForm(values, CHECKOUT_SECTIONS.contact, t).status).toBe('success');
    const address = parseForm(values, CHECKOUT_SECTIONS.address, t);
    expect(address.status).toBe('error');
    expect(Object.keys(address.reply().error ?? {})).toEqual(
      expect.arrayContaining(['country', 'address', 'postcode']),
    );
  });

  it('every order field belongs to a section or to the review', () => {
    const inSections = Object.values(CHECKOUT_SECTIONS).flatMap((s) => Object.keys(s.shape));
    expect(inSections.sort()).toEqual(
      [
        'address',
        'city',
        'country',
        'delivery',
        'email',
        'firstName',
        'lastName',
        'payment',
        'phone',
        'postcode',
        'region',
      ].sort(),
    );
  });

  it('the page’s check without a submitter (a field left) checks the order’s fields', () => {
    // A delivery is always chosen (the first by default): the address is checked for it.
    const checked = parseForm(
      formOf({ email: 'not-an-email', delivery: '1', payment: '1' }),
      pageForm,
      t,
    );
    expect(Object.keys(checked.reply().error ?? {})).toEqual(
      expect.arrayContaining(['email', 'firstName', 'address', 'city', 'postcode']),
    );
  });

  it('the regions’ round trip is not held up by empty order fields', () => {
    const checked = parseForm(formOf({ intent: 'places', country: '1' }), pageForm, t);
    expect(checked.status).toBe('success');
  });
});

describe('the checkout’s header', () => {
  it.each([
    [[checkoutHandle], true],
    [[undefined, checkoutHandle], true],
    [[scriptsAfterPaintHandle], false],
    [[undefined, null, 'checkout', { chrome: 'shop' }], false],
  ])('%j → %s', (handles, wanted) => {
    expect(wantsCheckoutChrome(handles)).toBe(wanted);
  });
});

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
