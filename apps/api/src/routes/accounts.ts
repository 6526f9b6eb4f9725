import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@shop/contract';
import { passwordProblem } from '@shop/domain';
import { translatorFor } from '#api/lib/i18n.ts';
import { verifyPassword } from '#api/lib/passwords.ts';
import { accountExistsMail, accountLinkMail } from '#api/mail/account-mail.ts';
import { mailShopOf, type MailShop } from '#api/mail/mail-layout.ts';
import { HttpError } from '#api/plugins/errors.ts';
import { moveSessionCart } from '#api/repos/cart.ts';
import { issueToken, tokenOwner, useToken } from '#api/repos/tokens.ts';
import {
  claimGuestOrders,
  confirmUserEmail,
  createUser,
  findUser,
  findUserByEmail,
  setPassword,
  updateUser,
  userInfo,
  type UserRow,
} from '#api/repos/users.ts';
import { defineEndpoint, requireUser } from './define.ts';

const e = endpoints.accounts;

/** Verifying against this keeps a login for an unknown email as slow as one for a known email. */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0tHbnVxwYv1m7Qy0F0CeSAbE0xWk8xu1yQ7vY1Y2A2U';

/** Account calls stay open while the shop is closed: staff log in to see it. */
const open = { shop: 'open' } as const;

export const accountRoutes: FastifyPluginAsync = async (app) => {
  /**
   * Starts the user's session: a new session id and CSRF token (logIn), and the anonymous
   * session's cart follows the shopper. Used by the login and by the mailed links that prove the
   * mailbox (confirmation, password reset): the shopper never has to log in right after them.
   * `first` (the login's claim of guest orders) runs once the new session is stored.
   *
   * All or nothing (req.logIn): the new session is stored first, so a session store that is away
   * fails the login before anything changed. The cart is then merged and the anonymous session
   * ended in one transaction: a cart write of that session meanwhile is either merged or refused
   * (never left in a cart nobody reaches); a process killed or a connection dropped mid-merge
   * leaves the session and its cart as they were, and the next login merges them.
   */
  async function signIn(
    req: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    first?: () => Promise<unknown>,
  ) {
    const cartMerge = await req.logIn(reply, userId, async (endOld, anonymous) => {
      await first?.();
      if (!anonymous) {
        await endOld();
        return null;
      }
      const cartEnabled = (await app.shopInfo(req.locale))?.cart ?? false;
      return moveSessionCart(app.db, anonymous, {
        userId,
        now: req.now(),
        cartEnabled,
        endSession: endOld,
      });
    });
    return cartMerge ?? null;
  }

  defineEndpoint(
    app,
    e.csrf,
    async (req, _input, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { csrfToken: req.csrfToken(reply) };
    },
    open,
  );

  defineEndpoint(
    app,
    e.login,
    async (req, { body }, reply) => {
      // The check is reserved before argon2 runs: a burst counts every guess (decision 0043).
      const attempt = await app.authLimits.reserve(req, reply, body.email);
      const user = await findUserByEmail(app.db, body.email);
      const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, body.password);
      if (!user || !ok || !user.isActive) {
        throw new HttpError(400, req.t('auth.invalidCredentials'));
      }
      // A right password is not a guess; and this browser now skips the account-wide count.
      await attempt.release();
      app.authLimits.rememberDevice(req, reply, user.email);
      // Only after the password is right: nobody learns from this that an address is registered.
      if (!user.emailConfirmed) throw new HttpError(403, req.t('auth.confirmFirst'));
      // Guest orders placed with this (confirmed) address since the confirmation become the
      // account's now, not only at a next confirmation that never comes (decision 0071). One
      // statement on a partial index; a login with nothing to claim changes nothing. Claimed
      // once the new session is stored: a login refused for a session store that is away
      // (Redis, 503) has claimed nothing.
      const cartMerge = await signIn(req, reply, user.id, () => claimGuestOrders(app.db, user.id));
      return { ...(await userInfo(app.db, user)), cartMerge };
    },
    open,
  );

  defineEndpoint(
    app,
    e.userInfo,
    async (req) => {
      const user = await requireUser(req);
      return userInfo(app.db, user, await req.ownDiscounts());
    },
    open,
  );

  /** The shop as its mails show it: its canonical URL, else the configured origin (never a header). */
  async function mailShop(req: FastifyRequest): Promise<MailShop> {
    return mailShopOf(await app.shopInfo(req.locale), app.publicOrigin, req.locale);
  }

  /** Mails a fresh single-use link of `kind` to the user, in the caller's language. */
  async function mailLink(req: FastifyRequest, user: UserRow, kind: 'confirm' | 'reset') {
    const token = await issueToken(
      app.db,
      user.id,
      kind === 'confirm' ? 'email_confirm' : 'password_reset',
      app.now(),
    );
    const shop = await mailShop(req);
    const path = kind === 'confirm' ? 'confirm-email' : 'reset-password';
    const link = `${shop.origin}/${req.locale}/account/${path}/?token=${token}`;
    await accountLinkMail(kind, user, link, shop, translatorFor(req.locale))
      .then((mail) => app.mailer.send(mail))
      .catch((err: unknown) => req.log.error({ err, user: user.id }, `${kind} mail failed`));
  }

  const linkProblem = (req: FastifyRequest, problem: 'used' | 'expired') => ({
    token: [req.t(problem === 'expired' ? 'auth.linkExpired' : 'auth.linkUsed')],
  });

  /** Mails an address that already has an account how to log in, or to reset the password. */
  async function mailAccountExists(req: FastifyRequest, user: UserRow) {
    const shop = await mailShop(req);
    const account = `${shop.origin}/${req.locale}/account`;
    await accountExistsMail(
      user,
      { login: `${account}/login/`, reset: `${account}/forgot-password/` },
      shop,
      translatorFor(req.locale),
    )
      .then((mail) => app.mailer.send(mail))
      .catch((err: unknown) => req.log.error({ err, user: user.id }, 'account-exists mail failed'));
  }

  // The same answer, in the same time, for an address that already has an account: the mail
  // says what to do (issue 21). The password is hashed either way (createUser), and the mails go
  // out after the answer.
  defineEndpoint(
    app,
    e.register,
    async (req, { body }, reply) => {
      await app.authLimits.take(req, reply);
      const user = await createUser(app.db, { ...body, locale: req.locale });
      app.background.run('register mail', async () => {
        if (user) return mailLink(req, user, 'confirm');
        const existing = await findUserByEmail(app.db, body.email);
        if (!existing?.isActive) return;
        // Never confirmed: the confirmation link again, as the resend call would send it.
        if (!existing.emailConfirmed) return mailLink(req, existing, 'confirm');
        return mailAccountExists(req, existing);
      });
      return reply.code(201).send({ detail: req.t('auth.registered') });
    },
    open,
  );

  defineEndpoint(
    app,
    e.confirmEmail,
    async (req, { body }, reply) => {
      const use = await useToken(app.db, body.token, 'email_confirm', app.now());
      if ('problem' in use) return reply.code(400).send(linkProblem(req, use.problem));
      const confirmed = await confirmUserEmail(app.db, use.userId);
      // The link proved the mailbox: the shopper is signed in (only once: the link is spent).
      if (confirmed?.isActive) await signIn(req, reply, confirmed.id);
      return { detail: req.t('auth.emailConfirmed') };
    },
    open,
  );

  // The same answer, in the same time, whatever the address: nobody learns who has an account.
  defineEndpoint(
    app,
    e.resendConfirmation,
    async (req, { body }, reply) => {
      await app.authLimits.take(req, reply);
      app.background.run('confirmation mail', async () => {
        const user = await findUserByEmail(app.db, body.email);
        if (user && user.isActive && !user.emailConfirmed) await mailLink(req, user, 'confirm');
      });
      return { detail: req.t('auth.confirmationSent') };
    },
    open,
  );

  defineEndpoint(
    app,
    e.passwordReset,
    async (req, { body }, reply) => {
      await app.authLimits.take(req, reply);
      // Looked up after the answer: known and unknown addresses cost the request the same.
      app.background.run('reset mail', async () => {
        const user = await findUserByEmail(app.db, body.email);
        if (user && user.isActive) await mailLink(req, user, 'reset');
      });
      return { detail: req.t('auth.resetLinkSent') };
    },
    open,
  );

  defineEndpoint(
    app,
    e.passwordResetConfirm,
    async (req, { body }, reply) => {
      await app.authLimits.take(req, reply);
      // The new password is checked against the account before the link is spent.
      const owner = await tokenOwner(app.db, body.token, 'password_reset', app.now());
      if ('problem' in owner) return reply.code(400).send(linkProblem(req, owner.problem));
      const user = await findUser(app.db, owner.userId);
      const problem = passwordProblem(body.password, user?.email ?? '');
      if (problem === 'common' || problem === 'likeEmail') {
        return reply.code(400).send({
          password: [
            req.t(problem === 'common' ? 'auth.passwordCommon' : 'auth.passwordLikeEmail'),
          ],
        });
      }
      const use = await useToken(app.db, body.token, 'password_reset', app.now());
      if ('problem' in use) return reply.code(400).send(linkProblem(req, use.problem));
      await setPassword(app.db, use.userId, body.password);
      // The owner proved the mailbox: guesses by others no longer hold the account back, and
      // this browser is signed in with a new session (every older one was signed out).
      if (user) await app.authLimits.clearAccount(user.email);
      if (user?.isActive) await signIn(req, reply, user.id);
      return { detail: req.t('auth.passwordChanged') };
    },
    open,
  );

  defineEndpoint(
    app,
    e.updateUserInfo,
    async (req, { body }) => {
      const user = await requireUser(req);
      const changes = Object.fromEntries(
        Object.entries(body).filter(([, value]) => value !== undefined),
      ) as typeof body;
      const updated = await updateUser(app.db, user.id, changes);
      if (!updated) throw new HttpError(401, req.t('auth.loginRequired'));
      return userInfo(app.db, updated);
    },
    open,
  );

  defineEndpoint(
    app,
    e.changePassword,
    async (req, { body }, reply) => {
      const user = await requireUser(req);
      // Logged in already: only the per-address counts apply (the session is the known device).
      const attempt = await app.authLimits.reserve(req, reply, user.email, { knownDevice: true });
      const ok = await verifyPassword(user.passwordHash, body.currentPassword);
      if (!ok) {
        return reply.code(400).send({ currentPassword: [req.t('auth.invalidCredentials')] });
      }
      await attempt.release();
      const problem = passwordProblem(body.password, user.email);
      if (problem === 'common' || problem === 'likeEmail') {
        return reply.code(400).send({
          password: [
            req.t(problem === 'common' ? 'auth.passwordCommon' : 'auth.passwordLikeEmail'),
          ],
        });
      }
      await setPassword(app.db, user.id, body.password);
      // Every other session is signed out; this one logs in again and stays.
      await req.logIn(reply, user.id);
      return { detail: req.t('auth.passwordUpdated') };
    },
    open,
  );

  defineEndpoint(
    app,
    e.logout,
    async (req, _input, reply) => {
      await req.logOut(reply);
      return reply.code(204).send();
    },
    open,
  );
};
