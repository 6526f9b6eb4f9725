import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS } from '@shop/contract';
import { checkPicture, type PictureRefusal } from '#api/lib/pictures.ts';
import { HttpError, notFound } from '#api/plugins/errors.ts';
import { addPicture, listPictures, movePicture, removePicture } from '#api/repos/staff-pictures.ts';
import { defineEndpoint, requireStaff } from './define.ts';

/**
 * A multipart body is read up to this: the largest picture plus room for the form's own lines.
 * Past it the upload is refused (413) before it is read whole; between the picture limit and this
 * the answer is the field's "too large" message.
 */
export const PICTURE_UPLOAD_BODY_LIMIT = MAX_PICTURE_BYTES + 64 * 1024;

const MEGABYTE = 1024 * 1024;

/**
 * Reads `multipart/form-data` with the runtime's own parser (the Fetch API's `formData()`): one
 * buffered body within PICTURE_UPLOAD_BODY_LIMIT, so @fastify/multipart and its streaming are not
 * needed for one picture at a time. Each field's first value; a file stays a `File`.
 */
async function parseMultipart(req: FastifyRequest, body: Buffer): Promise<Record<string, unknown>> {
  const type = req.headers['content-type'] ?? '';
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, req.t('errors.request.notAForm'));
  }
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) if (!(name in fields)) fields[name] = value;
  return fields;
}

/**
 * The back office's picture calls (issue 24; decision 0057): staff only, answered while the shop
 * is closed, never kept by a cache. Uploads are checked by sharp (lib/pictures.ts) before
 * anything is stored.
 */
export const staffPictureRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const open = { shop: 'open' } as const;

  // Only here: a multipart body is taken by these routes alone, and only from staff (checked
  // before the body is read, so nobody else makes the server buffer 10 MB).
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: PICTURE_UPLOAD_BODY_LIMIT },
    (req, body, done) => {
      parseMultipart(req, body as Buffer).then(
        (fields) => done(null, fields),
        (error: unknown) => done(error as Error),
      );
    },
  );
  // The OpenAPI document names the upload's body type (the contract's schema describes its fields).
  app.addHook('onRoute', (route) => {
    if (route.method === 'POST' && route.url.endsWith('/pictures/') && route.schema)
      route.schema.consumes = ['multipart/form-data'];
  });
  app.addHook('onRequest', async (req) => {
    await requireStaff(req);
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const refusal = (req: FastifyRequest, reply: FastifyReply, reason: PictureRefusal) =>
    reply.code(400).send({
      file: [
        reason === 'tooLarge'
          ? req.t('staffPictures.tooLarge', { max: MAX_PICTURE_BYTES / MEGABYTE })
          : reason === 'tooManyPixels'
            ? req.t('staffPictures.tooManyPixels', { max: MAX_PICTURE_PIXELS / 1_000_000 })
            : req.t('staffPictures.notAnImage'),
      ],
    });

  const answer = async (req: FastifyRequest, productId: number) => {
    const pictures = await listPictures(db, req.locale, productId);
    if (!pictures) throw notFound(req.t('errors.request.notFound'));
    return pictures;
  };

  defineEndpoint(
    app,
    endpoints.staffPictures.list,
    async (req, { params }) => answer(req, params.id),
    open,
  );

  defineEndpoint(
    app,
    endpoints.staffPictures.upload,
    async (req, { params, body }, reply) => {
      const user = await requireStaff(req);
      if (body.file.size > MAX_PICTURE_BYTES) return refusal(req, reply, 'tooLarge');
      const checked = await checkPicture(Buffer.from(await body.file.arrayBuffer()));
      if (typeof checked === 'string') return refusal(req, reply, checked);
      const change = { productId: params.id, userId: user.id, now: app.now() };
      if (!(await addPicture(db, change, checked)))
        throw notFound(req.t('errors.request.notFound'));
      return reply.code(201).send(await answer(req, params.id));
    },
    open,
  );

  defineEndpoint(
    app,
    endpoints.staffPictures.move,
    async (req, { params, body }) => {
      const user = await requireStaff(req);
      const change = { productId: params.id, userId: user.id, now: app.now() };
      const result = await movePicture(db, change, params.pictureId, body.direction);
      if (result === 'missing') throw notFound(req.t('errors.request.notFound'));
      return answer(req, params.id);
    },
    open,
  );

  defineEndpoint(
    app,
    endpoints.staffPictures.remove,
    async (req, { params }) => {
      const user = await requireStaff(req);
      const change = { productId: params.id, userId: user.id, now: app.now() };
      if (!(await removePicture(db, change, params.pictureId)))
        throw notFound(req.t('errors.request.notFound'));
      return answer(req, params.id);
    },
    open,
  );
};
