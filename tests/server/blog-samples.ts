/**
 * Valid requests for the blog routes of both families — the master blog and the house-brand blog, the
 * same verbs under their own names (server/src/modules/blogs/family.ts) — for security.test.ts and
 * blogs.test.ts.
 */
import { BLOG_FAMILIES, type BlogVerb } from '../../server/src/modules/blogs/family.js';

export interface BlogIds {
  shop: number;
  post: number;
  product: number;
}

type Sample = { method: 'GET' | 'POST'; url: string; payload?: object };

/** The family and verb a blog route serves, or undefined when the route is not a blog route. */
export function blogRoute(url: string): { base: string; verb: BlogVerb } | undefined {
  for (const family of BLOG_FAMILIES) {
    const verb = (Object.keys(family.names) as BlogVerb[]).find((v) => url === `${family.base}/${family.names[v]}`);
    if (verb) return { base: family.base, verb };
  }
  return undefined;
}

/** A request that passes validation for the route, or undefined when the route is not a blog route. */
export function blogSample(method: string, url: string, ids: BlogIds): Sample | undefined {
  const route = blogRoute(url);
  if (!route) return undefined;
  const queries: Partial<Record<BlogVerb, string>> = {
    post: `?id=${ids.post}`,
    posts: `?shopId=${ids.shop}`,
    products: `?shopId=${ids.shop}`,
  };
  const bodies: Partial<Record<BlogVerb, object>> = {
    create: { shopId: ids.shop, type: 'idea', title: 'Probe', contentHtml: '<p>x</p>', status: 'draft' },
    edit: { id: ids.post, version: 1, title: 'Probe' },
    close: { id: ids.post, closed: true },
    remove: { id: ids.post },
    sortProducts: { id: ids.post, productIds: [ids.product] },
    unlinkProduct: { id: ids.post, productId: ids.product },
  };
  return method === 'GET'
    ? { method: 'GET', url: url + (queries[route.verb] ?? '') }
    : { method: 'POST', url, payload: bodies[route.verb] ?? {} };
}
