import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import * as schemas from './schemas.js';
import * as blogs from './service.js';
import { ok } from '../../lib/sql.js';
import { routesOf } from '../../lib/route.js';
import { BLOG_FAMILIES, type BlogFamily, type BlogVerb } from './family.js';

export default async function blogRoutes(app: FastifyInstance) {
  for (const family of BLOG_FAMILIES) familyRoutes(app, family);
}

/** One family's routes: the same handlers under the family's folder and verb names. */
function familyRoutes(app: FastifyInstance, family: BlogFamily) {
  const r = routesOf(app, family.base, { tags: [family.tag] });
  const { db } = app;
  const name = family.names;
  const def = <S extends { tags: readonly string[]; summary: string }>(verb: BlogVerb, schema: S) => {
    const tagged = { ...schema, tags: [family.tag] };
    return { schema: family.additions.includes(verb) ? schemas.asAddition(tagged) : tagged };
  };

  r.get<{ Querystring: blogs.ListQuery }>(name.posts, def('posts', schemas.listPostsSchema), async (req) =>
    blogs.listPosts(db, requireUser(req), family, req.query),
  );

  r.get<{ Querystring: { id: number } }>(name.post, def('post', schemas.getPostSchema), async (req) => ({
    data: await blogs.getPost(db, requireUser(req), family, req.query.id),
  }));

  r.post<{ Body: blogs.NewPostInput }>(name.create, def('create', schemas.newPostSchema), async (req) =>
    ok('Post created.', await blogs.createPost(db, requireUser(req), family, req.body)),
  );

  r.post<{ Body: blogs.EditPostInput }>(name.edit, def('edit', schemas.editPostSchema), async (req) =>
    ok('Post saved.', await blogs.editPost(db, requireUser(req), family, req.body)),
  );

  r.post<{ Body: { id: number; closed: boolean } }>(name.close, def('close', schemas.closeSchema), async (req) => {
    const data = await blogs.closePost(db, requireUser(req), family, req.body.id, req.body.closed);
    return ok(req.body.closed ? 'Post closed.' : 'Post reopened.', data);
  });

  r.post<{ Body: { id: number } }>(name.remove, def('remove', schemas.deleteSchema), async (req) => {
    await blogs.deletePost(db, requireUser(req), family, req.body.id);
    return ok('Post deleted.');
  });

  r.get(name.menu, def('menu', schemas.menuSchema), async (req) => blogs.postTypeCounts(db, requireUser(req), family));

  r.get<{ Querystring: { page: number; limit: number; shopId?: number; search?: string } }>(
    name.products,
    def('products', schemas.productsSchema),
    async (req) => blogs.linkableProducts(db, requireUser(req), family, req.query),
  );

  r.post<{ Body: { id: number; productIds: number[] } }>(
    name.sortProducts,
    def('sortProducts', schemas.sortProductsSchema),
    async (req) =>
      ok(
        'Products saved.',
        await blogs.setPostProducts(db, requireUser(req), family, req.body.id, req.body.productIds),
      ),
  );

  r.post<{ Body: { id: number; productId: number } }>(
    name.unlinkProduct,
    def('unlinkProduct', schemas.unlinkProductSchema),
    async (req) =>
      ok('Product unlinked.', await blogs.unlinkProduct(db, requireUser(req), family, req.body.id, req.body.productId)),
  );
}
