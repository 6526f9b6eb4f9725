import type { FastifyPluginAsync } from 'fastify';
import { ADDRESS_BOOK_LIMIT, endpoints, NON_FIELD_ERRORS, type FieldErrors } from '@shop/contract';
import { notFound } from '#api/plugins/errors.ts';
import {
  addAddress,
  addressRow,
  findAddress,
  listAddresses,
  removeAddress,
  updateAddress,
} from '#api/repos/addresses.ts';
import { shippingAddressErrors } from '#api/repos/checkout-options.ts';
import { translatorFor } from '#api/lib/i18n.ts';
import { defineEndpoint, requireUser } from './define.ts';

const e = endpoints.accounts;

/** The dashboard's address book: the logged-in user's own addresses only (others are 404). */
export const addressRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  defineEndpoint(app, e.addresses, async (req, _input, reply) => {
    reply.header('Cache-Control', 'no-store');
    const user = await requireUser(req);
    return listAddresses(db, req.locale, user.id);
  });

  defineEndpoint(app, e.addAddress, async (req, { body }, reply) => {
    const user = await requireUser(req);
    const errors = await shippingAddressErrors(db, req.locale, body, translatorFor(req.locale));
    if (Object.keys(errors).length > 0) return reply.code(400).send(errors);
    const id = await addAddress(db, user.id, body);
    if (id === null) {
      return reply.code(400).send({
        [NON_FIELD_ERRORS]: [req.t('account.addressBookFull', { limit: ADDRESS_BOOK_LIMIT })],
      } satisfies FieldErrors);
    }
    return reply.code(201).send(await findAddress(db, req.locale, user.id, id));
  });

  defineEndpoint(app, e.updateAddress, async (req, { params, body }, reply) => {
    const user = await requireUser(req);
    const stored = await addressRow(db, user.id, params.id);
    if (!stored) throw notFound(req.t('account.addressNotFound'));
    // The address is checked as it will be after the change: a new country needs its own region
    // and a postcode of its shape.
    const after = {
      country: body.country ?? stored.countryId,
      region: body.region !== undefined ? body.region : stored.regionId,
      city: body.city ?? stored.city,
      address: body.address ?? stored.address,
      postcode: body.postcode ?? stored.postcode,
    };
    const errors = await shippingAddressErrors(db, req.locale, after, translatorFor(req.locale));
    if (Object.keys(errors).length > 0) return reply.code(400).send(errors);
    if (!(await updateAddress(db, user.id, params.id, body)))
      throw notFound(req.t('account.addressNotFound'));
    const address = await findAddress(db, req.locale, user.id, params.id);
    if (!address) throw notFound(req.t('account.addressNotFound'));
    return address;
  });

  defineEndpoint(app, e.removeAddress, async (req, { params }, reply) => {
    const user = await requireUser(req);
    if (!(await removeAddress(db, user.id, params.id)))
      throw notFound(req.t('account.addressNotFound'));
    return reply.code(204).send();
  });
};
