import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema, localeSchema, toRoutePath, type EndpointDef } from '@shop/contract';
import { HttpError } from '#api/plugins/errors.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type EndpointInput<E extends EndpointDef> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
};

export type EndpointHandler<E extends EndpointDef> = (
  req: FastifyRequest,
  input: EndpointInput<E>,
  reply: FastifyReply,
) => Promise<z.output<E['response']> | FastifyReply>;

const localeParams = z.object({ locale: localeSchema });

/**
 * Registers one endpoint of the contract under the `/:locale/api` prefix: the same declaration
 * validates params, query and body (400 with field errors), serialises the answer and documents
 * it in OpenAPI. Handlers receive the parsed input, typed from the contract.
 */
export function defineEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: { shop?: 'open' | 'guarded'; bodyLimit?: number } = {},
): void {
  const params =
    endpoint.params instanceof z.ZodObject
      ? localeParams.extend(endpoint.params.shape)
      : localeParams;
  const tag = /^\/api\/([^/]+)/.exec(endpoint.path)?.[1] ?? 'api';
  app.route({
    method: endpoint.method,
    url: toRoutePath(endpoint.path.replace(/^\/api/, '')),
    config: { shop: options.shop ?? 'guarded' },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      tags: [tag],
      summary: endpoint.summary,
      params,
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: {
        [endpoint.status ?? 200]: endpoint.response,
        ...Object.fromEntries((endpoint.alsoStatus ?? []).map((code) => [code, endpoint.response])),
        ...endpoint.errors,
        400: endpoint.errors?.[400] ?? errorBodySchema,
        404: errorBodySchema,
      },
    },
    preHandler:
      endpoint.auth === 'staff'
        ? async (req) => {
            await requireStaff(req);
          }
        : endpoint.auth
          ? async (req) => {
              await requireUser(req);
            }
          : undefined,
    handler: (req, reply) =>
      handler(
        req,
        { params: req.params, query: req.query, body: req.body } as EndpointInput<E>,
        reply,
      ),
  });
}

/** The logged-in user, or a 401 in the caller's language (the contract's `auth: 'user'`). */
export async function requireUser(req: FastifyRequest) {
  const user = await req.getUser();
  if (!user) throw new HttpError(401, req.t('auth.loginRequired'));
  return user;
}

/** The logged-in staff member: 401 without a login, 403 for anyone else (`auth: 'staff'`). */
export async function requireStaff(req: FastifyRequest) {
  const user = await requireUser(req);
  if (!user.isStaff) throw new HttpError(403, req.t('staff.forbidden'));
  return user;
}

/** `{count, next, previous}` of a page, with absolute links that keep the request's other parameters. */
/** A page of a list as the contract answers it: the count, links to the neighbours, the results. */
export function pageOf<T>(
  req: FastifyRequest,
  query: { page: number; page_size: number },
  { count, results }: { count: number; results: T[] },
) {
  return { ...pageLinks(req, query.page, query.page_size, count), results };
}

export function pageLinks(req: FastifyRequest, page: number, pageSize: number, count: number) {
  // The configured origin, never the request's Host or X-Forwarded-Host (decision 0021).
  const url = new URL(`${req.server.publicOrigin}${req.url}`);
  url.searchParams.delete('_');
  const link = (target: number) => {
    const next = new URL(url);
    if (target === 1) next.searchParams.delete('page');
    else next.searchParams.set('page', String(target));
    return next.toString();
  };
  const last = Math.max(1, Math.ceil(count / pageSize));
  return {
    count,
    next: page < last ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, last)) : null,
  };
}
