/**
 * Storefront images (logos, covers, banners): stored through the upload machinery of lib/uploads.ts
 * (sniffed, size-limited, random names), answered with their pixel size, and linked by later profile
 * or banner writes, which accept only paths this server stored (`assertStoredImage`, lib/uploads.ts).
 */
import { readFile } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { assertStorefrontAccess } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { HttpError } from '../../lib/errors.js';
import { imagePixelSize, intField, UPLOAD_LIMITS, withUpload } from '../../lib/uploads.js';

/** `POST /api/v2/storefront-images`: one image in `file` (and the shop it is for in `shopId`) → `{ url, width, height }`. */
export async function storeStorefrontImage(db: Db, user: AuthUser, req: FastifyRequest) {
  return withUpload(req, { kinds: ['image'] }, async ({ fields, file }) => {
    // The file is removed again when the shop is out of reach (withUpload).
    if (fields.shopId !== undefined) await assertStorefrontAccess(db, user, intField(fields, 'shopId'));
    const size = imagePixelSize(await readFile(file.path));
    if (!size) {
      const message = `file must be ${UPLOAD_LIMITS.image.words}; its size could not be read from it`;
      throw new HttpError(415, message, [{ field: 'file', message }]);
    }
    return { url: file.url, ...size };
  });
}
