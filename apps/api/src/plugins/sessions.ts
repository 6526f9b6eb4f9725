import type {} from '@fastify/cookie';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { Database } from '#api/db/client.ts';
import { users } from '#api/db/schema.ts';
import { HttpError } from './errors.ts';
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
 * What a session a login replaced holds for a while: nothing but this mark. A request sent with
 * it sees no session at all (`req.session` is null: nothing the session owned, no cart, no order;
 * the cookie may be one an attacker fixed), and gets no new session (whose cookie would log the
 * browser out again, whose cart nobody would merge): a cart write or an order answers 409
 * (`ensureSession`, `sessionLives`), unless the login's answer was lost (`answerLost`).
 * Gone after ENDED_MINUTES, as any session. Decisions 0079, 0087.
 */
const ENDED = 'endedByLogin';
/** Which login wrote the mark: a failed login undoes its own mark only (see `logIn`). */
const ENDED_BY = 'endedBy';
/** The mark: the id of the session the login started, and when (the app's clock, ms). */
const NEXT = 'next';
const ENDED_AT = 'endedAt';
const ENDED_MINUTES = 10;
/**
 * In a login's new session until its cookie first comes back (the value: the login's `endedBy`):
 * taken out, in one step, by the first request that presents it (`presented`). A login's answer
 * that never reached the browser leaves it there.
 */
const UNSEEN = 'unseenSince';
/**
 * How long after a login a request with the old cookie is taken for one the browser sent before
 * the answer came (another tab, a double click): 409, whatever the new session's state.
 */
export const LOST_ANSWER_GRACE_MS = 30_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, or null (anonymous without a session yet). */
    session: Session | null;
    /** The logged-in user, loaded once per request. */
    getUser(): Promise<SessionUser | null>;
    /** Returns the session, creating an anonymous one (and its cookie) if needed. */
    /**
     * With the cookie of a session a login ended: answers 409 (the cart moved to the account),
     * unless that login's answer was lost (decision 0087): then a fresh session, as for a
     * visitor without one.
     */
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
     * `handOver` is told the anonymous session whose cart is to follow the user (null: none).
     * With the cookie of a session a login ended, that one (a cart a merge that never committed
     * left follows; its data does not), and if that login's answer was lost, its undelivered
     * session ends.
     * Answers what `handOver` did.
     */
    logIn<T = undefined>(
      reply: FastifyReply,
      userId: number,
      handOver?: (endOld: EndSession, anonymous: string | null) => Promise<T>,
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
  /** The app's clock (ms): how long ago a login ended a session. */
  now?: () => number;
  /**
   * A browser whose login's answer was lost gets a fresh session: what the ended session still
   * owns (a cart a failed merge left) moves to it (decision 0087).
   */
  onRecover?: (from: string, to: string) => Promise<void>;
  /** Told when a session starts (its id) or ends (`null`): the CSRF token follows it (csrf.ts). */
  onChange?: (req: FastifyRequest, reply: FastifyReply, sessionId: string | null) => void;
};

export const sessionsPlugin = fp<SessionOptions>(
  async (app, { store, secureCookies, onChange, now = Date.now, onRecover }) => {
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
    /** The session a login ended, of a request that sent its cookie (its `session` is null). */
    const endedOf = new WeakMap<FastifyRequest, Session>();

    /**
     * A session read for a request: its mark taken out the first time a login's new session is
     * presented (one conditional write per login). Null when a lost-answer recovery ended it
     * first: the two are one step each on the same key, so exactly one of them happens.
     */
    const presented = async (id: string, record: SessionRecord): Promise<SessionRecord | null> => {
      const { [UNSEEN]: by, ...data } = record.data;
      if (typeof by !== 'string') return record;
      const seen = { ...record, data };
      if (await store.replaceIf(id, UNSEEN, by, seen)) return seen;
      // Presented by another request meanwhile, or ended.
      const again = await store.get(id);
      if (!again) return null;
      const { [UNSEEN]: _unseen, ...rest } = again.data;
      return { ...again, data: rest };
    };

    /**
     * Whether the login that ended `mark` never reached the browser (decision 0087): the grace
     * has passed and its new session was never presented. Then that session is ended here (a
     * token nobody holds), in the same step that decides: its first use cannot come after.
     * A new session gone already (a recovery that stopped half-way, a logout) counts as lost too.
     */
    const answerLost = async (mark: SessionRecord): Promise<boolean> => {
      const next = mark.data[NEXT];
      const by = mark.data[ENDED_BY];
      const at = mark.data[ENDED_AT];
      // A mark without them (written before decision 0087) stays a plain mark.
      if (typeof next !== 'string' || typeof by !== 'string' || typeof at !== 'number') {
        return false;
      }
      if (now() - at < LOST_ANSWER_GRACE_MS) return false;
      if (await store.replaceIf(next, UNSEEN, by, null)) return true;
      return (await store.get(next)) === null;
    };

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
        if (this.session) return this.session;
        const ended = endedOf.get(this);
        if (!ended) return start(this, reply, null, {});
        // A request the browser sent before the login's answer came, or a browser that has the
        // answer (its new session was used): no new session, whose cookie would log it out.
        if (!(await answerLost(ended))) throw new HttpError(409, this.t('cart.sessionEnded'));
        // What the ended session still owns moves first, and only then does the browser get the
        // new cookie: if the move fails (a busy pool) the browser keeps its old cookie, whose
        // cart stays where it is, and may send the request again.
        const next = fresh(null, {});
        await store.set(next.id, next.record);
        try {
          await onRecover?.(ended.id, next.id);
        } catch (error) {
          await store.destroy(next.id).catch(() => undefined);
          throw error;
        }
        endedOf.delete(this);
        const session = apply(this, reply, next);
        await store.replaceIf(ended.id, ENDED_BY, String(ended.data[ENDED_BY]), null);
        return session;
      },
    );
    app.decorateRequest('logIn', async function <
      T,
    >(this: FastifyRequest, reply: FastifyReply, userId: number, handOver?: (endOld: EndSession, anonymous: string | null) => Promise<T>): Promise<
      T | undefined
    > {
      let old = this.session;
      const ended = endedOf.get(this);
      // The cookie of a session a login ended: none of its data follows, but what it still owns
      // does (the cart of a merge that never committed: a process killed mid-login; usually
      // nothing), as decision 0079 has it. If that login's answer was lost, its undelivered
      // session is ended here; else it stays (a double submit: the browser may hold either).
      if (!old && ended) {
        await answerLost(ended);
        old = { ...ended, data: {} };
      }
      const { [ENDED]: _e, [ENDED_BY]: _b, [NEXT]: _n, [ENDED_AT]: _a, ...kept } = old?.data ?? {};
      const markedBy = randomBytes(12).toString('base64url');
      // Marked until the browser presents it (`presented`), where there is an old session whose
      // cookie could come back: a lost answer is told apart by it (decision 0087).
      const next = fresh(userId, {
        ...kept,
        authAt: Date.now(),
        ...(old ? { [UNSEEN]: markedBy } : {}),
      });
      // Stored before anything else changes: a store that is away (Redis) fails the login here,
      // with nothing done (no cart merged, no guest order claimed).
      await store.set(next.id, next.record);
      // What this login's mark replaced: `undefined` while it has not marked. Usually `old`; the
      // mark of another login of the same browser (a double submit) that came first.
      let replaced: SessionRecord | null | undefined;
      const endOld: EndSession = async (tx) => {
        if (!old) return;
        const before = await store.get(old.id, tx);
        const mark = {
          userId: null,
          data: { [ENDED]: true, [ENDED_BY]: markedBy, [NEXT]: next.id, [ENDED_AT]: now() },
          expiresAt: new Date(Date.now() + ENDED_MINUTES * 60_000),
        };
        // Set before the write: a write that landed and then reported an error (Redis timing out)
        // is undone below like one that answered.
        replaced = before;
        await store.set(old.id, mark, tx);
      };
      let result: T | undefined;
      try {
        const anonymous = old && old.userId === null ? old.id : null;
        result = handOver ? await handOver(endOld, anonymous) : (await endOld(), undefined);
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
      endedOf.delete(this);
      apply(this, reply, next);
      // The answer carries the new session: this request does not count as its first use.
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
      /** Makes a read session the request's, unless a login ended it (then it sees none). */
      const read = async (stored: SessionRecord) => {
        const record = await presented(id, stored).catch(unavailable);
        if (record?.data[ENDED] === true) endedOf.set(req, { ...record, id });
        req.session = record && record.data[ENDED] !== true ? { ...record, id } : null;
        return req.session;
      };
      // A store that cannot be read (Redis away) fails closed: the visitor is not logged in,
      // and what needs no session (the catalogue) keeps working.
      const unavailable = (error: unknown) => {
        req.log.warn({ err: error }, 'session store unavailable: treated as logged out');
        return null;
      };
      if (store.getWithUser) {
        // The session and its user in one read: getUser() answers from it.
        const found = await store.getWithUser(id).catch(unavailable);
        const session = found && (await read(found.record));
        if (found && session?.userId != null) {
          userCache.set(req, Promise.resolve(activeUser(found.user, session)));
        }
        return;
      }
      const record = await store.get(id).catch(unavailable);
      if (record) await read(record);
    });
  },
  { name: 'sessions', dependencies: ['@fastify/cookie', 'database'] },
);
