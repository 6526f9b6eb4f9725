import { describe, expect, it } from 'vitest';
import { parseForm } from './forms.ts';
import { CHECKOUT_SECTIONS, checkoutPageForm } from './checkout-forms.ts';
import { checkoutHandle, scriptsAfterPaintHandle, wantsCheckoutChrome } from './route-handle.ts';

const t = (key: string) => key;
const formOf = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
};

describe('the checkout’s sections', () => {
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
    const checked = parseForm(formOf({ email: 'not-an-email' }), checkoutPageForm, t);
    expect(Object.keys(checked.reply().error ?? {})).toEqual(
      expect.arrayContaining(['email', 'firstName', 'address']),
    );
  });

  it('the regions’ round trip is not held up by empty order fields', () => {
    const checked = parseForm(formOf({ intent: 'places', country: '1' }), checkoutPageForm, t);
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
