// Admin API (CONTRACT §1): organisations and keys, behind HONEYPOT_ADMIN_TOKEN.

import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { parseKeyScope, ScopeSchema } from '../../domain/scope.js';
import { notFound } from '../../errors.js';
import { createKey, createOrg, getOrg, listKeys, listOrgs, revokeKey, setOrgTier } from '../../storage/queries/orgs.js';
import { formatUtc } from '../../domain/window.js';
import type { ApiKeyRecord, Org } from '../../storage/queries/orgs.js';
import { ADMIN } from '../../http/access.js';
import { featureApp } from '../../http/feature.js';
import { orgMarkingOf, setOrgMarking, TLP_LEVELS, tlpName, type TlpLevel } from '../../intel/stix/markings.js';
import { retentionAdminRoutes } from './retention.js';

const Tier = Type.Union([Type.Literal('free'), Type.Literal('pro')]);
const Role = Type.Union([Type.Literal('read'), Type.Literal('ingest')]);
/** Trimmed when stored, so it must hold more than white space. */
const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });

const OrgOut = Type.Object({ id: Type.String(), name: Type.String(), tier: Tier, created_at: Type.String() }, { $id: 'Org' });
const KeyOut = Type.Object({
  id: Type.String(),
  name: Type.String(),
  role: Role,
  scope: ScopeSchema,
  created_at: Type.String(),
  revoked_at: Type.Union([Type.String(), Type.Null()]),
});
const OrgParams = Type.Object({ org_id: Type.String({ maxLength: 100 }) });
/** The TLP 2.0 level an org's STIX objects and MISP event are marked with (default TLP:AMBER). */
const Tlp = Type.Union(
  TLP_LEVELS.map((l) => Type.Literal(tlpName(l))),
  { description: 'TLP 2.0 marking of the org’s STIX export, TAXII feed and MISP event (default TLP:AMBER)' },
);
const levelOf = (name: string) => TLP_LEVELS.find((l) => tlpName(l) === name) as TlpLevel;

export const orgJson = (o: Org) => ({ id: o.id, name: o.name, tier: o.tier, created_at: formatUtc(o.created_at) });
export const keyJson = (k: ApiKeyRecord) => ({
  id: k.id,
  name: k.name,
  role: k.role,
  scope: k.scope,
  created_at: formatUtc(k.created_at),
  revoked_at: k.revoked_at === null ? null : formatUtc(k.revoked_at),
});

export async function adminRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, ADMIN, { tags: ['admin'], security: [{ adminToken: [] }] });
  const { db } = app.deps.storage;

  app.post(
    '/api/admin/orgs',
    {
      schema: {
        operationId: 'createOrg',
        summary: 'Create an organisation',
        body: Type.Object({ name: Name, tier: Tier }, { additionalProperties: false }),
        response: { 201: OrgOut },
      },
    },
    async (req, reply) => {
      const body = req.body;
      reply.code(201);
      return orgJson(await createOrg(db, body.name.trim(), body.tier));
    },
  );

  app.get(
    '/api/admin/orgs',
    { schema: { operationId: 'listOrgs', summary: 'List organisations', response: { 200: Type.Object({ items: Type.Array(OrgOut) }) } } },
    async () => ({
      items: (await listOrgs(db)).map(orgJson),
    }),
  );

  app.patch(
    '/api/admin/orgs/:org_id',
    {
      schema: {
        operationId: 'setOrgTier',
        summary: "Change an organisation's tier (effective on the next request) or TLP",
        description:
          'tlp marks every STIX object built from the org’s calls (object_marking_refs to the TLP 2.0 marking ' +
          'definition) and its MISP event (tag); a new TLP is a change of content, so every object gets a new ' +
          'version (modified) from then on.',
        params: OrgParams,
        body: Type.Object({ tier: Type.Optional(Tier), tlp: Type.Optional(Tlp) }, { additionalProperties: false, minProperties: 1 }),
        response: { 200: Type.Composite([OrgOut, Type.Object({ tlp: Tlp })]) },
      },
    },
    async (req) => {
      const { org_id } = req.params;
      let org = await getOrg(db, org_id);
      if (!org) throw notFound('No such organisation.');
      if (req.body.tlp) await setOrgMarking(db, org_id, levelOf(req.body.tlp), Date.now()); // the ingest clock: versions compare with ingests
      if (req.body.tier) {
        org = (await setOrgTier(db, org_id, req.body.tier))!;
        await app.deps.keys.invalidate();
      }
      return { ...orgJson(org), tlp: tlpName((await orgMarkingOf(db, org_id)).tlp) };
    },
  );

  app.post(
    '/api/admin/orgs/:org_id/keys',
    {
      schema: {
        operationId: 'createKey',
        summary: 'Create an API key (the secret is shown only in this response)',
        description: 'A scope is for read keys only: an ingest key with a scope is 400 validation_failed (body.scope).',
        params: OrgParams,
        body: Type.Object({ name: Name, role: Role, scope: Type.Optional(ScopeSchema) }, { additionalProperties: false }),
        response: { 201: Type.Composite([Type.Omit(KeyOut, ['revoked_at']), Type.Object({ key: Type.String() })]) },
      },
    },
    async (req, reply) => {
      const { org_id } = req.params;
      const body = req.body;
      const scope = parseKeyScope(body.role, body.scope, 'body.scope');
      if (!(await getOrg(db, org_id))) throw notFound('No such organisation.');
      const { record, secret } = await createKey(db, org_id, { name: body.name.trim(), role: body.role, scope });
      reply.code(201);
      const { revoked_at: _r, ...rest } = keyJson(record);
      return { ...rest, key: secret };
    },
  );

  app.get(
    '/api/admin/orgs/:org_id/keys',
    {
      schema: {
        operationId: 'listKeys',
        summary: "List an organisation's keys (never the secrets)",
        params: OrgParams,
        response: { 200: Type.Object({ items: Type.Array(KeyOut) }) },
      },
    },
    async (req) => {
      const { org_id } = req.params;
      if (!(await getOrg(db, org_id))) throw notFound('No such organisation.');
      return { items: (await listKeys(db, org_id)).map(keyJson) };
    },
  );

  app.delete(
    '/api/admin/keys/:key_id',
    {
      schema: {
        operationId: 'revokeKey',
        summary: 'Revoke a key (refused from the next request on)',
        params: Type.Object({ key_id: Type.String({ maxLength: 100 }) }),
      },
    },
    async (req, reply) => {
      const { key_id } = req.params;
      if (!(await revokeKey(db, key_id))) throw notFound('No such key.');
      await app.deps.keys.invalidate();
      return reply.code(204).send();
    },
  );

  await retentionAdminRoutes(app); // same access, tag and security as the routes above
}
