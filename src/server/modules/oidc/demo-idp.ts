import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Configuration } from 'oidc-provider';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { securityHeaders } from '../../platform/http/security-headers';
import { acceptedLanguage } from '../../platform/http/static-client';
import { t } from '../../platform/i18n';
import { findDemoIdpAccount } from './repository';

export const DEMO_IDP_PATH = '/demo-idp';
export const DEMO_CLIENT_ID = 'planport-demo';
export const DEMO_CLIENT_SECRET = 'planport-demo-secret';

export const demoIssuer = (publicUrl: string) => `${publicUrl}${DEMO_IDP_PATH}`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(lang: string, title: string, body: string): string {
  return `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f3f5;display:grid;place-items:center;min-height:100vh;margin:0}main{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002;width:22rem}label{display:block;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}button{margin-top:1rem;width:100%;padding:.6rem;background:#087f5b;color:#fff;border:0;border-radius:4px;font-size:1rem}.error{color:#c92a2a}</style></head>
<body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}

/**
 * A small OpenID provider for the offline demo (DESIGN.md: the demo works without outside
 * services). It knows the demo tenant's external-login users and the demo password; it is
 * mounted only when DEMO_IDP is on (by default for a local demo on localhost).
 */
export async function registerDemoIdp(app: FastifyInstance): Promise<void> {
  // Loaded here, not at the top: app.ts imports this module whether or not the demo provider is
  // mounted, and a production server (DEMO_IDP off) should not load the provider library at all.
  const { default: Provider } = await import('oidc-provider');
  const issuer = demoIssuer(app.ctx.config.publicUrl);
  const configuration: Configuration = {
    clients: [
      {
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
        redirect_uris: [`${app.ctx.config.publicUrl}/api/account/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
    // A fresh signing key per start: the demo keeps no state across restarts.
    jwks: {
      keys: [
        {
          ...crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    interactions: { url: (_ctx, interaction) => `${DEMO_IDP_PATH}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => {
      const user = await findDemoIdpAccount(app.ctx.db, issuer, id);
      if (!user) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: user.email ?? user.login,
          email_verified: true,
          name: [user.first_name, user.last_name].filter(Boolean).join(' '),
          given_name: user.first_name ?? undefined,
          family_name: user.last_name ?? undefined,
        }),
      };
    },
    // The demo client is first-party: no consent screen.
    loadExistingGrant: async (ctx) => {
      const existing = ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = true;
  const handle = provider.callback();
  // Answers the provider writes itself bypass Fastify's hooks: they get the app's headers here.
  const headers = securityHeaders(app.ctx.config.secureCookies);
  const secure = (reply: FastifyReply) => {
    for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
    reply.raw.setHeader('Cache-Control', 'no-store');
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The provider reads its own request bodies; the login form is parsed here.
    // Only the login form is read here; other bodies (token requests) stay unread for the provider.
    scope.addContentTypeParser('application/x-www-form-urlencoded', (req, payload, done) => {
      if (!req.url.startsWith(`${DEMO_IDP_PATH}/interaction/`)) return done(null, undefined);
      let text = '';
      payload.setEncoding('utf8');
      payload.on('data', (chunk: string) => {
        text += chunk;
        if (text.length > 10_000) payload.destroy(new Error('form too large'));
      });
      payload.on('end', () => done(null, Object.fromEntries(new URLSearchParams(text))));
      payload.on('error', (err) => done(err, undefined));
    });
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));

    // In the browser's language (this page is outside the app, before anyone has signed in).
    const loginForm = (request: FastifyRequest, uid: string, error?: string, login = '') => {
      const lang = acceptedLanguage(request.headers['accept-language']);
      return page(
        lang,
        t(lang, 'ACCOUNT.DemoIdp.Title'),
        `${error ? `<p class="error" role="alert">${esc(t(lang, error))}</p>` : ''}<form method="post" action="${DEMO_IDP_PATH}/interaction/${esc(uid)}">
<label for="login">${esc(t(lang, 'ACCOUNT.DemoIdp.Email'))}</label><input id="login" name="login" type="email" autocomplete="username" required value="${esc(login)}">
<label for="password">${esc(t(lang, 'ACCOUNT.DemoIdp.Password'))}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${esc(t(lang, 'ACCOUNT.DemoIdp.SignIn'))}</button></form>`,
      );
    };

    scope.get<{ Params: { uid: string } }>(
      `${DEMO_IDP_PATH}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(loginForm(request, details.uid, undefined, details.params.login_hint as string | undefined));
      },
    );

    scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      `${DEMO_IDP_PATH}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const login = request.body?.login?.trim() ?? '';
        const account =
          login && request.body?.password === DEMO_PASSWORD
            ? await configuration.findAccount!({} as never, login)
            : undefined;
        if (!account) {
          return reply
            .status(401)
            .type('text/html; charset=utf-8')
            .send(loginForm(request, details.uid, 'ACCOUNT.DemoIdp.Wrong', login));
        }
        reply.hijack();
        secure(reply);
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: account.accountId } },
          { mergeWithLastSubmission: false },
        );
      },
    );

    const passThrough = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      secure(reply);
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(DEMO_IDP_PATH.length) || '/';
      handle(raw, reply.raw);
    };
    scope.all(DEMO_IDP_PATH, { schema: { hide: true } }, passThrough);
    scope.all(`${DEMO_IDP_PATH}/*`, { schema: { hide: true } }, passThrough);
  });
}
