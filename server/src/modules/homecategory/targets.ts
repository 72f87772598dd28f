/**
 * What a home-category tile's writes check beyond their schema (its names, its link target) and the
 * look-up of what a tile may link to (docs/api/homecategory.md).
 */
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { campaigns, masterData, products, shops } from '../../db/schema.js';
import { fieldError } from '../../lib/errors.js';
import { containing, type Tx } from '../../lib/sql.js';
import { LANGUAGES, NAME_MAX, TARGETS_MAX, type Language, type LinkType } from './schemas.js';

/** The five names trimmed; 400 naming `names.<language>` when one is only spaces. */
export function cleanNames(input: Record<Language, string>): Record<Language, string> {
  const out = {} as Record<Language, string>;
  for (const lang of LANGUAGES) {
    const value = input[lang].trim();
    if (!value) throw fieldError(`names.${lang}`, `names.${lang} must have 1–${NAME_MAX} characters besides spaces`);
    out[lang] = value;
  }
  return out;
}

/** 400 naming `linkId` unless the target exists and takes a link now. */
export async function assertTarget(tx: Db | Tx, linkType: LinkType, linkId: number): Promise<void> {
  const found =
    linkType === 'category'
      ? await tx
          .select({ id: masterData.id })
          .from(masterData)
          .where(and(eq(masterData.id, linkId), eq(masterData.type, 'level1'), eq(masterData.status, 'active')))
      : linkType === 'campaign'
        ? await tx
            .select({ id: campaigns.id })
            .from(campaigns)
            .where(and(eq(campaigns.id, linkId), ne(campaigns.status, 'closed')))
        : await tx
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.id, linkId), eq(products.approvalStatus, 'approved')));
  if (found.length) return;
  const words: Record<LinkType, string> = {
    category: 'a level-1 product category (GET /api/masterdata/masterproductlevel1)',
    campaign: 'a campaign that is not closed',
    product: 'an approved product',
  };
  throw fieldError('linkId', `linkId ${linkId} is not ${words[linkType]}; pick the tile's target again`);
}

export interface TargetQuery {
  linkType: LinkType;
  search?: string;
  id?: number[];
}

/** Candidates for a tile's link, by name: what `assertTarget` accepts, at most TARGETS_MAX. */
export async function findTargets(db: Db, q: TargetQuery) {
  const s = q.search?.trim();
  const ids = q.id?.length ? q.id : undefined;
  if (q.linkType === 'category') {
    const where = and(
      eq(masterData.type, 'level1'),
      eq(masterData.status, 'active'),
      s ? ilike(masterData.name, containing(s)) : undefined,
      ids ? inArray(masterData.id, ids) : undefined,
    );
    const [{ total }] = await db.select({ total: count() }).from(masterData).where(where);
    const found = await db
      .select({ id: masterData.id, name: masterData.name, detail: masterData.code, imageUrl: sql<string | null>`null` })
      .from(masterData)
      .where(where)
      .orderBy(asc(masterData.sort), asc(masterData.id))
      .limit(TARGETS_MAX);
    return { rows: found, total };
  }
  if (q.linkType === 'campaign') {
    const where = and(
      ne(campaigns.status, 'closed'),
      s ? ilike(campaigns.name, containing(s)) : undefined,
      ids ? inArray(campaigns.id, ids) : undefined,
    );
    const [{ total }] = await db.select({ total: count() }).from(campaigns).where(where);
    const found = await db
      .select({ id: campaigns.id, name: campaigns.name, detail: campaigns.status, imageUrl: campaigns.imageUrl })
      .from(campaigns)
      .where(where)
      .orderBy(asc(campaigns.name), asc(campaigns.id))
      .limit(TARGETS_MAX);
    return { rows: found, total };
  }
  const where = and(
    eq(products.approvalStatus, 'approved'),
    s ? or(ilike(products.name, containing(s)), ilike(products.code, containing(s))) : undefined,
    ids ? inArray(products.id, ids) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const found = await db
    .select({
      id: products.id,
      name: products.name,
      detail: sql<string>`${products.code} || ' · ' || ${shops.name}`,
      imageUrl: products.imageUrl,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(TARGETS_MAX);
  return { rows: found, total };
}
