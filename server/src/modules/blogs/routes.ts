import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import * as schemas from './schemas.js';
import * as blogs from './service.js';


export async function blogRoutes(app: FastifyInstance) {
  const { db } = app;

  app.get<{ Querystring: blogs.ListQuery }>('/api/blogs/master/posts', { schema: schemas.listPostsSchema },
    async (req) => blogs.listPosts(db, requireUser(req), req.query));

  app.get<{ Querystring: { id: number } }>('/api/blogs/master/post', { schema: schemas.getPostSchema },
    async (req) => ({ data: await blogs.getPost(db, requireUser(req), req.query.id) }));

  app.post<{ Body: blogs.NewPostInput }>('/api/blogs/master/new', { schema: schemas.newPostSchema },
    async (req) => ({ status: 200, message: 'Post created.', data: await blogs.createPost(db, requireUser(req), req.body) }));

  app.post<{ Body: blogs.EditPostInput }>('/api/blogs/master/edit', { schema: schemas.editPostSchema },
    async (req) => ({ status: 200, message: 'Post saved.', data: await blogs.editPost(db, requireUser(req), req.body) }));

  app.post<{ Body: { id: number; closed: boolean } }>('/api/blogs/master/closecontent', { schema: schemas.closeSchema },
    async (req) => {
      const data = await blogs.closePost(db, requireUser(req), req.body.id, req.body.closed);
      return { status: 200, message: req.body.closed ? 'Post closed.' : 'Post reopened.', data };
    });

  app.post<{ Body: { id: number } }>('/api/blogs/master/deletecontent', { schema: schemas.deleteSchema },
    async (req) => {
      await blogs.deletePost(db, requireUser(req), req.body.id);
      return { status: 200, message: 'Post deleted.' };
    });

  app.get('/api/blogs/master/menu', { schema: schemas.menuSchema },
    async (req) => blogs.postTypeCounts(db, requireUser(req)));

  app.get<{ Querystring: { page: number; limit: number; shopId?: number; search?: string } }>('/api/blogs/master/product',
    { schema: schemas.productsSchema },
    async (req) => blogs.linkableProducts(db, requireUser(req), req.query));

  app.post<{ Body: { id: number; productIds: number[] } }>('/api/blogs/master/sortproductidea', { schema: schemas.sortProductsSchema },
    async (req) => ({ status: 200, message: 'Products saved.', data: await blogs.setPostProducts(db, requireUser(req), req.body.id, req.body.productIds) }));

  app.post<{ Body: { id: number; productId: number } }>('/api/blogs/master/deleteproductidea', { schema: schemas.unlinkProductSchema },
    async (req) => ({ status: 200, message: 'Product unlinked.', data: await blogs.unlinkProduct(db, requireUser(req), req.body.id, req.body.productId) }));
}
