import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { errorBodySchema, okSchema } from '../../../shared/schemas/common';
import {
  mailKindKey,
  mailPreferencesResponseSchema,
  saveMailPreferencesSchema,
} from '../../../shared/schemas/notifications';
import { requireUser } from '../../platform/auth/auth-plugin';
import { HOUR_MS } from '../../platform/http/rate-limit';
import { t } from '../../platform/i18n';
import {
  preferencesOf,
  readUnsubscribeLink,
  readUnsubscribeToken,
  savePreferences,
  unsubscribe,
  type UnsubscribeKind,
} from './mail-preferences';

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Unsubscribe links are public: counted per link (a guessing client gets nowhere either way) and
 * per client. The client limit is generous because mail providers send the one-click POSTs of
 * many users from few addresses.
 */
const unsubscribeLimits = [
  {
    name: 'mail-unsubscribe-token',
    max: 10,
    windowMs: HOUR_MS,
    key: (request: FastifyRequest) => (request.query as { token?: string }).token ?? null,
  },
  { name: 'mail-unsubscribe-client', max: 300, windowMs: HOUR_MS, key: 'client' as const },
];

const invalidLink = () => new AppError('ValidationFailed', 'MAIL.Preferences.InvalidLink');

function page(lang: string, title: string, body: string): string {
  return `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f3f5;display:grid;place-items:center;min-height:100vh;margin:0}main{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002;max-width:26rem;margin:1rem}button{margin-top:1rem;width:100%;padding:.6rem;background:#087f5b;color:#fff;border:0;border-radius:4px;font-size:1rem;cursor:pointer}button:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}</style></head>
<body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}

/** The name of what the link turns off, in the user's language. */
const whatOf = (lang: string, kind: UnsubscribeKind) =>
  kind === 'digest'
    ? t(lang, 'MAIL.Preferences.TheDigest')
    : t(lang, `PROFILE.MailPreferences.Kinds.${mailKindKey(kind)}`);

const sendPage = (reply: FastifyReply, html: string) =>
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

/**
 * The user's mail preferences (profile settings) and the one-click unsubscribe of RFC 8058: every
 * notification mail names `/api/mail/unsubscribe?token=…` in `List-Unsubscribe`; the mail client
 * POSTs `List-Unsubscribe=One-Click` there, a person opening the link gets a page in their
 * language with a button that POSTs the same. The signed token is the proof; no session.
 */
export const mailPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const path = '/api/data/:product/mail-preferences';
  const params = z.object({ product: z.string().max(50) });

  app.get(
    path,
    {
      schema: {
        tags,
        summary: 'Read the mail preferences',
        description:
          "Per kind of notification: mails immediately, in the daily digest, or off, with the default of the user's role. The signed-in user's own data.",
        params,
        response: { 200: mailPreferencesResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await preferencesOf(app.ctx, requireUser(request)) }),
  );

  app.put(
    path,
    {
      schema: {
        tags,
        summary: 'Save mail preferences',
        description:
          "Sets the delivery of the kinds named (each once); the others keep theirs. A bad kind or value changes nothing. The signed-in user's own data.",
        params,
        body: saveMailPreferencesSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await savePreferences(app.ctx, requireUser(request), request.body.preferences);
      return { ok: true as const };
    },
  );

  const query = z.object({ token: z.string().max(200) });
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // The one-click body (`List-Unsubscribe=One-Click`) is a small form.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(
      '/api/mail/unsubscribe',
      {
        config: { public: true, secretUrl: true, rateLimits: unsubscribeLimits },
        schema: {
          tags,
          summary: 'Unsubscribe page',
          description:
            "The page of the `List-Unsubscribe` link of a mail: in the user's language, names what the link turns off, with a button that POSTs the one-click unsubscribe. Public: the signed token is the proof.",
          querystring: query,
          response: { 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        const proof = await readUnsubscribeLink(app.ctx, request.query.token);
        if (!proof) throw invalidLink();
        const lang = proof.language;
        const action = `/api/mail/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
        const title = t(lang, 'MAIL.Preferences.UnsubscribeTitle');
        return sendPage(
          reply,
          page(
            lang,
            title,
            `<p>${esc(t(lang, 'MAIL.Preferences.UnsubscribeQuestion', { what: whatOf(lang, proof.kind) }))}</p>
<form method="post" action="${esc(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${esc(t(lang, 'MAIL.Preferences.UnsubscribeButton'))}</button></form>`,
          ),
        );
      },
    );

    scope.post(
      '/api/mail/unsubscribe',
      {
        config: { public: true, secretUrl: true, tokenProof: true, rateLimits: unsubscribeLimits },
        schema: {
          tags,
          summary: 'One-click unsubscribe (RFC 8058)',
          description:
            'With the body `List-Unsubscribe=One-Click` (form-encoded): turns the one kind the signed token names off for its user (the digest token: the daily digest). Public, no CSRF header: the token is the proof. A forged token changes nothing.',
          querystring: query,
          body: z.object({ 'List-Unsubscribe': z.literal('One-Click') }, { error: 'MAIL.Preferences.InvalidLink' }),
          response: { 200: okSchema, 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        const proof = readUnsubscribeToken(app.ctx.config.secretKey, request.query.token);
        if (!proof) throw invalidLink();
        const done = await unsubscribe(app.ctx, proof);
        if (!done) throw invalidLink();
        // A person who pressed the page's button gets a page; a mail client its short answer.
        if (request.headers.accept?.includes('text/html')) {
          const lang = done.language;
          return sendPage(
            reply,
            page(
              lang,
              t(lang, 'MAIL.Preferences.UnsubscribedTitle'),
              `<p role="status">${esc(t(lang, 'MAIL.Preferences.Unsubscribed', { what: whatOf(lang, proof.kind) }))}</p>`,
            ),
          );
        }
        return { ok: true as const };
      },
    );
  });
};
