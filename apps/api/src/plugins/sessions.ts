import type {} from '@fastify/cookie';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { Database } from '#api/db/client.ts';
import { users } from '#api/db/schema.ts';
import type { SessionRecord, SessionStore } from './session-store.ts';

export const SESSION_COOKIE = 'sessionid';
const SESSION_DAYS = 14;

export type SessionUser = typeof users.$inferSelect;

export type Session = SessionRecord & { id: string };

/**
 * Ends the session a login replaces; `tx`: inside that transaction, where the store is the
 * database (Redis ends it at once).
 */
export type EndSession = (tx?: Database) => Promise<void>;

/**
 * What a session a login replaced holds for a while: nothing but this mark. A request the browser
 * sent with it before the login's answer came is then anonymous and has a session, so it gets no
 * new one (whose cookie would log the browser out again, and whose cart nobody would merge), and
 * a cart write refuses (`sessionLives`). Gone after ENDED_MINUTES, as any session.
 */
const ENDED = 'endedByLogin';
/** Which login wrote the mark: a failed login undoes its own mark only (see `logIn`). */
const ENDED_BY = 'endedBy';
const ENDED_MINUTES = 10;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, or null (anonymous without a session yet). */
    session: Session | null;
    /** The logged-in user, loaded once per request. */
    getUser(): Promise<SessionUser | null>;
    /** Returns the session, creating an anonymous one (and its cookie) if needed. */
    ensureSession(reply: FastifyReply): Promise<Session>;
    /**
     * Starts a fresh session for the user (new id: no session fixation), keeping the old one's
     * data; all or nothing. The new session is stored first; then `handOver` (a login's cart
     * merge) runs and ends the old session with `endOld`, inside its transaction; only then does
     * the browser get the new cookie. Without `handOver` the old session just ends. An ended
     * session is kept for a few minutes as a mark (requests the browser sent with it meanwhile
     * are anonymous and write no cart). A failure anywhere leaves the browser on its old session
     * as it was, so a retry works: the new session is dropped, and an old one already ended
     * outside the failed transaction is stored again.
     * Answers what `handOver` did.
     */
    logIn<T = undefined>(
      reply: FastifyReply,
      userId: number,
      handOver?: (endOld: EndSession) => Promise<T>,
    ): Promise<T | undefined>;
    /**
     * Whether the request's session is still in the store, not ended by a login of the same
     * browser (before or since the request read it): read again, not from the request; inside
     * the transaction `tx` where the store is the database.
     */
    sessionLives(tx?: Database): Promise<boolean>;
    logOut(reply: FastifyReply): Promise<void>;
    saveSession(): Promise<void>;
  }
  interface FastifyInstance {
    /**
     * Runs `render` (a page's render, which calls this API in-process) with the page request's
     * session handed over: the API calls it makes read no session of their own while they carry
     * the page's session cookie (decision 0055).
     */
    withPageSession<T>(page: PageRequest, render: () => T): T;
  }
}

/** What the hand-over reads of the page's request (a FastifyRequest). */
export type PageRequest = Pick<FastifyRequest, 'method' | 'cookies' | 'session' | 'getUser'>;

/**
 * The session a page request read, for the in-process API calls of its render (issue 25): one
 * read per page instead of one per call. Held in the render's async context, which only the
 * calls that render makes (`app.inject` from its loaders) run in: no request from a socket can
 * reach it. `user` is the page request's own `getUser()`, called once if a call needs it.
 */
type HandOver = {
  token: string | undefined;
  session: Session | null;
  user: () => Promise<SessionUser | null>;
  /** A write went through the API meanwhile (it may change the session): calls read it again. */
  spent: boolean;
};

const handOvers = new AsyncLocalStorage<HandOver>();

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export type SessionOptions = {
  store: SessionStore;
  secureCookies: boolean;
  /** Told when a session starts (its id) or ends (`null`): the CSRF token follows it (csrf.ts). */
  onChange?: (req: FastifyRequest, reply: FastifyReply, sessionId: string | null) => void;
};

export const sessionsPlugin = fp<SessionOptions>(
  async (app, { store, secureCookies, onChange }) => {
    const cookieOptions = (req: FastifyRequest) => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: secureCookies || req.protocol === 'https',
    });

    /** A new session's id, cookie value and record: stored by the caller, then applied. */
    const fresh = (userId: number | null, data: Record<string, unknown>) => {
      const token = randomBytes(32).toString('base64url');
      const record: SessionRecord = {
        userId,
        data,
        expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
      };
      return { token, id: hash(token), record };
    };

    /** Makes a stored session the request's and the browser's (its cookie). */
    const apply = (
      req: FastifyRequest,
      reply: FastifyReply,
      { token, id, record }: ReturnType<typeof fresh>,
    ) => {
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req), expires: record.expiresAt });
      req.session = { ...record, id };
      userCache.delete(req);
      onChange?.(req, reply, id);
      return req.session;
    };

    const start = async (
      req: FastifyRequest,
      reply: FastifyReply,
      userId: number | null,
      data: Record<string, unknown>,
    ) => {
      const next = fresh(userId, data);
      await store.set(next.id, next.record);
      return apply(req, reply, next);
    };

    const userCache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

    /** The session's user, if it may still act as them. */
    const activeUser = (user: SessionUser | undefined | null, session: Session | null) => {
      if (!user || !user.isActive) return null;
      // A password reset signs out every session that logged in before it.
      const authAt = Number(session?.data.authAt ?? 0);
      const changed = user.credentialsChangedAt?.getTime();
      return changed !== undefined && authAt < changed ? null : user;
    };

    app.decorateRequest('session', null);
    app.decorateRequest('getUser', function (this: FastifyRequest) {
      const cached = userCache.get(this);
      if (cached) return cached;
      const userId = this.session?.userId;
      const loaded =
        userId == null
          ? Promise.resolve(null)
          : app.db
              .select()
              .from(users)
              .where(eq(users.id, userId))
              .limit(1)
              .then(([user]) => activeUser(user, this.session));
      userCache.set(this, loaded);
      return loaded;
    });
    app.decorateRequest(
      'ensureSession',
      async function (this: FastifyRequest, reply: FastifyReply) {
        return this.session ?? start(this, reply, null, {});
      },
    );
    app.decorateRequest('logIn', async function <
      T,
    >(this: FastifyRequest, reply: FastifyReply, userId: number, handOver?: (endOld: EndSession) => Promise<T>): Promise<
      T | undefined
    > {
      const old = this.session;
      const { [ENDED]: _ended, [ENDED_BY]: _by, ...kept } = old?.data ?? {};
      const next = fresh(userId, { ...kept, authAt: Date.now() });
      // Stored before anything else changes: a store that is away (Redis) fails the login here,
      // with nothing done (no cart merged, no guest order claimed).
      await store.set(next.id, next.record);
      const markedBy = randomBytes(12).toString('base64url');
      // What this login's mark replaced: `undefined` while it has not marked. Usually `old`; the
      // mark of another login of the same browser (a double submit) that came first.
      let replaced: SessionRecord | null | undefined;
      const endOld: EndSession = async (tx) => {
        if (!old) return;
        const before = await store.get(old.id, tx);
        const mark = {
          userId: null,
          data: { [ENDED]: true, [ENDED_BY]: markedBy },
          expiresAt: new Date(Date.now() + ENDED_MINUTES * 60_000),
        };
        // Set before the write: a write that landed and then reported an error (Redis timing out)
        // is undone below like one that answered.
        replaced = before;
        await store.set(old.id, mark, tx);
      };
      let result: T | undefined;
      try {
        result = handOver ? await handOver(endOld) : (await endOld(), undefined);
      } catch (error) {
        // The browser keeps its old session: the new one is never handed out, and what this
        // login's mark replaced is put back while that mark is still there (Redis: written outside
        // the transaction that failed). A mark written in the database's transaction went with
        // its rollback. Another login's mark that came first stays: restoring the session over it
        // would give the old cookie a live session again, whose cart no login merges.
        await store.destroy(next.id).catch(() => undefined);
        if (old && replaced !== undefined) {
          try {
            await store.replaceIf(old.id, ENDED_BY, markedBy, replaced);
          } catch (err) {
            this.log.error({ err }, 'the session a failed login ended could not be restored');
          }
        }
        throw error;
      }
      apply(this, reply, next);
      return result;
    });
    app.decorateRequest('sessionLives', async function (this: FastifyRequest, tx?: Database) {
      if (!this.session) return false;
      const record = await store.get(this.session.id, tx);
      return record !== null && record.data[ENDED] !== true;
    });
    app.decorateRequest('logOut', async function (this: FastifyRequest, reply: FastifyReply) {
      if (this.session) await store.destroy(this.session.id);
      this.session = null;
      userCache.delete(this);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(this));
      onChange?.(this, reply, null);
    });
    app.decorateRequest('saveSession', async function (this: FastifyRequest) {
      if (this.session) await store.set(this.session.id, this.session);
    });

    app.decorate('withPageSession', <T>(page: PageRequest, render: () => T): T => {
      // A form post's page reads per call: its action changes the session (a login, a logout).
      if (!isRead(page.method)) return render();
      const handOver: HandOver = {
        token: page.cookies[SESSION_COOKIE],
        session: page.session,
        user: () => page.getUser(),
        spent: false,
      };
      return handOvers.run(handOver, render);
    });

    app.addHook('onRequest', async (req) => {
      const token = req.cookies[SESSION_COOKIE];
      const handed = handOvers.getStore();
      if (handed && !handed.spent) {
        if (!isRead(req.method)) {
          handed.spent = true;
        } else if (token === handed.token) {
          // The same cookie as the page's: its session, and its user once asked for.
          req.session = handed.session && { ...handed.session };
          if (req.session) userCache.set(req, handed.user());
          return;
        }
      }
      if (!token || token.length > 200) return;
      const id = hash(token);
      // A store that cannot be read (Redis away) fails closed: the visitor is not logged in,
      // and what needs no session (the catalogue) keeps working.
      const unavailable = (error: unknown) => {
        req.log.warn({ err: error }, 'session store unavailable: treated as logged out');
        return null;
      };
      if (store.getWithUser) {
        // The session and its user in one read: getUser() answers from it.
        const found = await store.getWithUser(id).catch(unavailable);
        req.session = found ? { ...found.record, id } : null;
        if (found?.record.userId != null) {
          userCache.set(req, Promise.resolve(activeUser(found.user, req.session)));
        }
        return;
      }
      const record = await store.get(id).catch(unavailable);
      req.session = record ? { ...record, id } : null;
    });
  },
  { name: 'sessions', dependencies: ['@fastify/cookie', 'database'] },
);
