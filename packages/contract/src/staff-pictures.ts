import { z } from 'zod';
import { detailErrorSchema, fieldErrorsSchema, idSchema, slugIdSchema } from './common.ts';
import type { EndpointDef } from './endpoints.ts';

/*
 * A product's pictures in the back office (issue 24): list, upload, move up or down, remove.
 * Originals are stored in the database and served at content-hashed /media/ URLs (decision 0057).
 */

/** The largest picture file taken, in bytes. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
/** The most pixels (width × height) a picture may have: decoding cost grows with them. */
export const MAX_PICTURE_PIXELS = 50_000_000;
/** What a picture may be: the formats the shop resizes and serves. */
export const PICTURE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

export const staffPictureSchema = z.object({
  id: idSchema,
  /** Its /media/ URL: the original; `?width=` asks for a resized copy. */
  image: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type StaffPicture = z.infer<typeof staffPictureSchema>;

/** A product's pictures in their order on the product page. */
export const staffPicturesSchema = z.object({
  product: z.object({ id: idSchema, title: z.string(), slug: z.string() }),
  pictures: z.array(staffPictureSchema),
});
export type StaffPictures = z.infer<typeof staffPicturesSchema>;

export const staffPicturesParamsSchema = z.object({ id: slugIdSchema });
export const staffPictureParamsSchema = z.object({ id: slugIdSchema, pictureId: slugIdSchema });

/**
 * A multipart form with one file field, `file`. Whether it is a picture (and not too large) is
 * checked by the server after reading it: `{file: [message]}` with status 400 when it is not.
 */
export const staffPictureUploadBodySchema = z.object({ file: z.file() });
export type StaffPictureUploadBody = z.infer<typeof staffPictureUploadBodySchema>;

export const staffPictureMoveBodySchema = z.object({ direction: z.enum(['up', 'down']) });
export type StaffPictureMoveBody = z.infer<typeof staffPictureMoveBodySchema>;

const staffOnly = { 401: detailErrorSchema, 403: detailErrorSchema } as const;
const badRequest = { 400: fieldErrorsSchema } as const;

export const staffPicturesEndpoints = {
  list: {
    method: 'GET',
    path: '/api/staff/products/{id}/pictures/',
    summary: "Staff: a product's pictures in their order",
    params: staffPicturesParamsSchema,
    response: staffPicturesSchema,
    auth: 'staff',
    errors: staffOnly,
  },
  upload: {
    method: 'POST',
    path: '/api/staff/products/{id}/pictures/',
    summary:
      'Staff: add a picture (multipart/form-data, field `file`: JPEG, PNG, WebP or AVIF, up to 10 MB and 50 megapixels) after the others',
    params: staffPicturesParamsSchema,
    body: staffPictureUploadBodySchema,
    response: staffPicturesSchema,
    status: 201,
    auth: 'staff',
    errors: { ...staffOnly, ...badRequest, 413: detailErrorSchema },
  },
  move: {
    method: 'POST',
    path: '/api/staff/products/{id}/pictures/{pictureId}/move/',
    summary: 'Staff: move a picture one place up or down',
    params: staffPictureParamsSchema,
    body: staffPictureMoveBodySchema,
    response: staffPicturesSchema,
    auth: 'staff',
    errors: { ...staffOnly, ...badRequest },
  },
  remove: {
    method: 'DELETE',
    path: '/api/staff/products/{id}/pictures/{pictureId}/',
    summary: 'Staff: remove a picture from the product',
    params: staffPictureParamsSchema,
    response: staffPicturesSchema,
    auth: 'staff',
    errors: staffOnly,
  },
} as const satisfies Record<string, EndpointDef>;
