import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints } from '@shop/contract';
import { translatorFor } from '#api/lib/i18n.ts';
import { newsletterToken, readNewsletterToken } from '#api/lib/newsletter-links.ts';
import { mailShopOf } from '#api/mail/mail-layout.ts';
import { newsletterConfirmMail } from '#api/mail/newsletter-mail.ts';
import { askToSubscribe, subscribe, unsubscribe } from '#api/repos/newsletter.ts';
import { defineEndpoint } from './define.ts';

const e = endpoints.accounts;
const open = { shop: 'open' } as const;

export type NewsletterOptions = {
  /** Signs the newsletter's links (derived from SECRET_KEY). */
  key: string;
};

/**
 * The newsletter for anyone (issue 23, decision 0052): signing up mails a signed link, and only
 * opening it puts the address on the list (double opt-in). Every answer is the same whether the
 * address is new, waiting or on the list, so nobody learns who reads the newsletter.
 */
export const newsletterRoutes: FastifyPluginAsync<NewsletterOptions> = async (app, { key }) => {
  async function mailConfirmation(req: FastifyRequest, email: string) {
    const shop = mailShopOf(await app.shopInfo(req.locale), app.publicOrigin, req.locale);
    const page = `${shop.origin}/${req.locale}/newsletter/`;
    const links = {
      confirm: `${page}?confirm=${newsletterToken(key, 'confirm', email, app.now())}`,
      unsubscribe: `${page}?unsubscribe=${newsletterToken(key, 'unsubscribe', email, app.now())}`,
    };
    await newsletterConfirmMail(email, links, shop, translatorFor(req.locale))
      .then((mail) => app.mailer.send(mail))
      .catch((err: unknown) => req.log.error({ err }, 'newsletter mail failed'));
  }

  const linkProblem = (req: FastifyRequest, problem: 'invalid' | 'expired') => ({
    token: [req.t(problem === 'expired' ? 'auth.linkExpired' : 'forms.invalidLink')],
  });

  defineEndpoint(
    app,
    e.newsletterSubscribe,
    async (req, { body }, reply) => {
      // It sends mail to any address: counted like the other mail-sending calls.
      await app.authLimits.take(req, reply);
      app.background.run('newsletter mail', async () => {
        // On the list already: nothing changes and nothing is mailed again.
        if (await askToSubscribe(app.db, body.email, req.locale)) {
          await mailConfirmation(req, body.email);
        }
      });
      return { detail: req.t('newsletter.checkMail') };
    },
    open,
  );

  defineEndpoint(
    app,
    e.newsletterConfirm,
    async (req, { body }, reply) => {
      const link = readNewsletterToken(key, 'confirm', body.token, app.now());
      if ('problem' in link) return reply.code(400).send(linkProblem(req, link.problem));
      await subscribe(app.db, link.email, req.locale, app.now());
      return { detail: req.t('newsletter.subscribed') };
    },
    open,
  );

  defineEndpoint(
    app,
    e.newsletterUnsubscribe,
    async (req, { body }, reply) => {
      const link = readNewsletterToken(key, 'unsubscribe', body.token, app.now());
      if ('problem' in link) return reply.code(400).send(linkProblem(req, link.problem));
      await unsubscribe(app.db, link.email);
      return { detail: req.t('newsletter.unsubscribed') };
    },
    open,
  );
};
