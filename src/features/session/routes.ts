// Dashboard sign-in: the key is checked once and exchanged for an opaque session token in an
// HttpOnly, SameSite=Strict cookie, so every tab of the browser is signed in and no page
// script can read the key. Signing out forgets the session on the server, ending it in every
// tab. GET /api/me tells any client (bearer or session) who it is: org, tier, role, scope.

import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ScopeSchema } from '../../domain/scope.js';
import { ApiError } from '../../errors.js';
import { READ, SIGN_IN } from '../../http/access.js';
import { featureApp } from '../../http/feature.js';
import { CSRF_HEADER, principalOf, SESSION_COOKIE, unauthorized } from '../../http/auth.js';
import type { Principal } from '../../domain/principal.js';
import { getKey, getOrg } from '../../storage/queries/orgs.js';
import { closeSession, openSession, SESSION_TTL_MS } from '../../storage/queries/webSessions.js';

const Me = Type.Object(
  {
    org: Type.Object({ id: Type.String(), name: Type.String(), tier: Type.Union([Type.Literal('free'), Type.Literal('pro')]) }),
    key: Type.Object({ id: Type.String(), name: Type.String(), role: Type.Literal('read'), scope: ScopeSchema }),
    auth: Type.Union([Type.Literal('bearer'), Type.Literal('session')], {
      description: 'How this request was signed in: an Authorization bearer key or the dashboard session cookie',
    }),
  },
  { description: 'Who the caller is: its organisation and plan, and the key with its role and scope' },
);

const SignInBody = Type.Object(
  { key: Type.String({ minLength: 1, maxLength: 200, description: 'A read API key (hpk_…)' }) },
  { additionalProperties: false },
);

export async function sessionRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, READ, { tags: ['session'] });
  // Signing in and out takes no key: open to anyone, counted per client address.
  const signIn = { config: { access: SIGN_IN } };
  const { db } = app.deps.storage;
  const { keys } = app.deps;

  async function me(principal: Principal, auth: 'bearer' | 'session') {
    const [org, key] = await Promise.all([getOrg(db, principal.orgId), getKey(db, principal.keyId)]);
    if (!org || !key) throw unauthorized('The API key is unknown or revoked.');
    return {
      org: { id: org.id, name: org.name, tier: org.tier },
      key: { id: key.id, name: key.name, role: 'read' as const, scope: key.scope },
      auth,
    };
  }

  const cookieOptions = (req: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: req.protocol === 'https',
  });

  const clearCookie = (req: FastifyRequest, reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, cookieOptions(req));

  app.post(
    '/api/session',
    {
      ...signIn,
      schema: {
        operationId: 'signIn',
        security: [],
        summary: 'Sign in to the dashboard',
        description:
          `Checks a read key and answers with who it is (as GET /api/me), setting the \`${SESSION_COOKIE}\` cookie ` +
          `(HttpOnly, SameSite=Strict, 12 hours). Requests with that cookie and no Authorization header act as the key; ` +
          `those that change state (POST, PUT, PATCH, DELETE) must also send \`${CSRF_HEADER}: 1\`. ` +
          'An unknown or revoked key is 401, an ingest key 403 forbidden. Rate limited per client address.',
        body: SignInBody,
        response: { 200: Me },
      },
    },
    async (req, reply) => {
      const principal = await keys.resolve(req.body.key);
      if (!principal) throw unauthorized('The API key is unknown or revoked.');
      if (principal.role !== 'read') throw new ApiError(403, 'forbidden', 'The dashboard needs a read key; this key has the ingest role.');
      const who = await me(principal, 'session');
      const token = await openSession(db, principal.keyId, app.deps.now().getTime());
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: SESSION_TTL_MS / 1000 });
      return who;
    },
  );

  app.delete(
    '/api/session',
    {
      ...signIn,
      schema: {
        operationId: 'signOut',
        security: [],
        summary: 'Sign out of the dashboard',
        description: 'Ends the session of the cookie on the server (in every tab) and clears the cookie. 204 also when there was none.',
      },
    },
    async (req, reply) => {
      const token = req.cookies[SESSION_COOKIE];
      // Every instance forgets its cached copy, so the session ends everywhere at once.
      if (token && (await closeSession(db, token))) await keys.invalidate();
      clearCookie(req, reply);
      reply.code(204);
    },
  );

  app.get(
    '/api/me',
    {
      schema: {
        operationId: 'getMe',
        summary: 'Who am I',
        description: 'The organisation, plan, key, role and scope of this request.',
        response: { 200: Me },
      },
    },
    async (req) => me(principalOf(req), req.viaSession ? 'session' : 'bearer'),
  );
}
