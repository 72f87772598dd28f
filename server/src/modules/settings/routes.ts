import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { routesOf } from '../../lib/route.js';
import { restRoutes } from '../../rest/resource.js';
import { listResponse, writeResponse } from '../../lib/schemas.js';
import { changeSetting, clientSettings, listSettings, LANGUAGES, type ChangeInput } from './registry.js';
import { listRates, quoteAll, saveRate, type RateInput, type RateQuery } from './shipping.js';
import { zoneResource } from './zones.js';
import * as s from './schemas.js';

/** Shipping rates, zones and config control (docs/api/settings.md). */
export default async function settingRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routesOf(app, '/api/setting', { tags: s.TAGS });

  r.get<{ Querystring: RateQuery }>(
    'shippingrate',
    {
      summary: 'Shipping rates by zone, transport type and weight band (lightest first)',
      query: s.rateQuery,
      response: listResponse(s.rate),
    },
    async (req) => listRates(db, req.query),
  );
  r.post<{ Body: RateInput }>(
    'createshippingrate',
    {
      summary: 'Create a shipping rate, or change one (id + the version read): band, price, zone, type, active',
      description:
        'Two active bands of one zone and transport type never overlap (400 naming weightFrom); a stale version → 409.',
      body: s.rateBody,
      response: writeResponse(s.rate),
    },
    async (req) => {
      const { rate, created } = await saveRate(db, requireUser(req).id, req.body);
      return {
        status: 200,
        message: created
          ? 'Shipping rate created.'
          : rate.active
            ? 'Shipping rate changed.'
            : 'Shipping rate saved; it is deactivated.',
        data: rate,
      };
    },
  );
  r.get(
    'configcontrol',
    {
      summary: 'Every setting: its value now (stored or default), type, description and the code that reads it',
      response: { type: 'object', properties: { data: { type: 'array', items: s.setting } }, required: ['data'] },
    },
    async () => ({ data: await listSettings(db) }),
  );

  restRoutes(app, 'settings', { tags: s.TAGS }).patch<{ Body: ChangeInput }>(
    '',
    {
      summary: 'Change one setting; updatedAt is the one read (another change since → 409 naming updatedAt)',
      body: s.settingChange,
      required: ['key', 'value', 'updatedAt'],
      response: { 200: s.setting },
    },
    async (req) => changeSetting(db, requireUser(req).id, req.body),
  );

  restRoutes(app, 'client-settings', { tags: s.TAGS }).get(
    '',
    {
      summary: 'What the app reads before anyone signs in: the default language',
      response: {
        200: {
          type: 'object',
          properties: { defaultLanguage: { type: 'string', enum: LANGUAGES } },
          required: ['defaultLanguage'],
        },
      },
    },
    async () => clientSettings(db),
  );

  zoneResource(app);

  restRoutes(app, 'shipping-quotes', { tags: s.TAGS }).post<{
    Body: { provinceId: number; weightKg: number; transportType?: string };
  }>(
    '',
    {
      summary: 'What sending a weight to a province costs now, per transport type (a price, or why there is none)',
      body: s.quoteBody,
      required: ['provinceId', 'weightKg'],
      response: { 200: { type: 'array', items: s.quote } },
    },
    async (req) =>
      quoteAll(
        db,
        req.body.provinceId,
        req.body.weightKg,
        req.body.transportType ? [req.body.transportType] : undefined,
      ),
  );
}
