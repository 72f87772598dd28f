import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { restRoutes } from '../../rest/resource.js';
import { routesOf } from '../../lib/route.js';
import { multipartDoc } from '../../lib/schemas.js';
import { ok } from '../../lib/sql.js';
import { bannerResources, deleteBannerCategory } from './banners.js';
import { storeStorefrontImage } from './images.js';
import { approveShop, rejectShop } from './review.js';
import * as s from './schemas.js';
import * as shopsvc from './service.js';
import { getStorefront, publish, rollback } from './storefront.js';

type Id = { Params: { id: number } };

/** The shop side of storefronts: shop lists (legacy), profile, storefront, publishing, review, banners, images. */
export default async function brandshopRoutes(app: FastifyInstance) {
  const { db } = app;
  const u = requireUser;

  // ----- legacy lists (supplier brand shops; Fastify routes are case sensitive: shopprofile ≠ shopProfile) -----
  const k = routesOf(app, '/api/supplier/kanban', { tags: ['brandshop'] });
  k.get<{ Querystring: shopsvc.ShopListQuery }>(
    'shopprofile',
    {
      summary: 'Brand shops, paged: those awaiting review first (oldest first) unless sorted',
      query: s.shopListQuery,
      response: s.shopList,
    },
    async (req) => shopsvc.listShops(db, u(req), 'supplier', req.query),
  );
  k.get<{ Querystring: { keyword?: string; shopId?: number } }>(
    'shopProfile',
    {
      summary: `Brand shops to pick a board from, by name (at most ${s.PICKER_MAX})`,
      query: {
        keyword: { type: 'string', maxLength: 100, description: 'Shop name contains this (any case)' },
        shopId: s.oneShop,
      },
      response: s.pickerList,
    },
    async (req) => shopsvc.pickShops(db, u(req), req.query),
  );
  k.get<{ Querystring: { shopId?: number } }>(
    'shopMaster',
    {
      summary: 'Every brand shop the caller reaches, by name',
      query: { shopId: s.oneShop },
      response: s.shopMasterList,
    },
    async (req) => shopsvc.shopMaster(db, u(req), 'supplier', req.query.shopId),
  );

  routesOf(app, '/api/brandshop', { tags: ['brandshop'] }).post<{ Body: { entityid: number; shopId: number } }>(
    'deletebrannercate',
    {
      summary:
        'Delete a banner category of a shop with its banners; banner cards that showed it stay, with no category',
      body: s.deleteCategoryBody,
      required: ['entityid', 'shopId'],
    },
    async (req) => {
      await deleteBannerCategory(db, u(req), req.body.entityid, req.body.shopId);
      return ok('Banner category deleted.');
    },
  );

  // ----- /api/v2/shops: profile, storefront, publishing -----
  const shops = restRoutes(app, 'shops', { tags: ['brandshop'] });
  shops.get<Id>('/:id', { summary: "A shop's profile", response: { 200: s.shopProfile } }, async (req) =>
    shopsvc.getProfile(db, u(req), req.params.id),
  );
  shops.patch<Id & { Body: shopsvc.ProfilePatch }>(
    '/:id',
    {
      summary: "Change a shop's profile (only the fields sent; null clears one); version must be the one read",
      body: s.profilePatch,
      required: ['version'],
      response: { 200: s.shopProfile },
    },
    async (req) => shopsvc.updateProfile(db, app.storage, u(req), req.params.id, req.body),
  );
  shops.get<Id & { Querystring: { source: 'draft' | 'live' } }>(
    '/:id/storefront',
    {
      summary: 'What a shopper sees: the board as arranged now (draft) or the published version (live)',
      query: s.storefrontQuery,
      response: { 200: s.storefront },
    },
    async (req) => getStorefront(db, u(req), req.params.id, req.query.source),
  );
  shops.post<Id & { Body: { version: number } }>(
    '/:id/publish',
    {
      summary: 'Publish the board as previewed and make it live',
      body: s.publishBody,
      required: ['version'],
      response: { 200: s.published },
    },
    async (req) => publish(db, u(req), req.params.id, req.body.version),
  );
  shops.post<Id & { Body: { liveVersion: number } }>(
    '/:id/rollback',
    {
      summary: 'Make the storefront published before the live one live again',
      body: s.rollbackBody,
      required: ['liveVersion'],
      response: { 200: s.published },
    },
    async (req) => rollback(db, u(req), req.params.id, req.body.liveVersion),
  );

  // ----- review (staff) -----
  const reviews = restRoutes(app, 'shop-reviews', { tags: ['brandshop'] });
  reviews.post<Id & { Body: { version?: number } }>(
    '/:id/approve',
    {
      summary: 'Approve a shop from sign-up: its supplier may submit products and publish at once',
      body: s.approveBody,
      response: { 200: s.shopProfile },
    },
    async (req) => approveShop(db, u(req), req.params.id, req.body.version),
  );
  reviews.post<Id & { Body: { reason: string; version?: number } }>(
    '/:id/reject',
    {
      summary: 'Reject a shop awaiting review, with a reason shown to its supplier',
      body: s.rejectBody,
      required: ['reason'],
      response: { 200: s.shopProfile },
    },
    async (req) => rejectShop(db, u(req), req.params.id, req.body.reason, req.body.version),
  );

  // ----- banners and images -----
  bannerResources(app);
  restRoutes(app, 'shop-banner-categories', { tags: ['brandshop'] }).delete<Id>(
    '/:id',
    {
      summary: 'Delete a banner category with its banners; answers the deleted category',
      response: { 200: s.bannerCategoryItem },
    },
    async (req) => {
      const c = await deleteBannerCategory(db, u(req), req.params.id);
      return { id: c.id, shopId: c.shopId, name: c.name, position: c.position, createdAt: c.createdAt.toISOString() };
    },
  );

  restRoutes(app, 'storefront-images', { tags: ['brandshop'] }).post(
    '',
    {
      summary: 'Upload a storefront image (logo, cover, banner); link it by a later profile or banner write',
      multipart: multipartDoc(
        { shopId: { ...s.oneShop, description: 'The shop the image is for (404 when the caller does not reach it)' } },
        [],
        { description: 'A JPEG, PNG or WebP image, at most 5 MB' },
      ),
      response: { 201: s.storedImage },
    },
    async (req, reply) => reply.code(201).send(await storeStorefrontImage(db, u(req), req)),
  );
}
