import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import {
  auditLog,
  boardCardProducts,
  boardCards,
  boardColumns,
  boards,
  products,
  shopBannerCategories,
  shops,
  users,
} from '../../server/src/db/schema.js';

const STALE = 'The board changed meanwhile; reload it and try again.';
type Headers = { authorization: string };
interface Card {
  id: number;
  columnId: number;
  type: string;
  name: string;
  description: string | null;
  bannerCategoryId: number | null;
  bannerCategoryName: string | null;
  productCount: number;
  thumbnails: string[];
}
interface Board {
  board: {
    cards: Record<string, Card>;
    columns: Record<string, { id: number; name: string; cardIds: number[] }>;
    columnOrder: number[];
  };
  version: number;
}
interface StoreProduct {
  id: number;
  name: string;
  price: number;
  compareAtPrice: number | null;
  discountPercent: number;
  brandId: number | null;
  categoryId: number | null;
}

const FAMILIES = [
  {
    name: 'supplier',
    base: '/api/supplier/kanban',
    owner: 'supplier1',
    shopName: 'HomePro Lighting',
    types: ['products', 'banner'],
  },
  {
    name: 'housebrand',
    base: '/api/housebrand',
    owner: 'editor',
    shopName: 'HomeBase Essentials',
    types: ['products'],
  },
] as const;

describe.each(dbKinds())('storefront board (%s)', (kind) => {
  let t: TestApp;
  const shop: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    for (const s of await t.app.db.select().from(shops)) shop[s.name] = s.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const h = (user: string) => t.headers(user);
  const get = async (user: string | Headers, url: string) =>
    t.app.inject({ url, headers: typeof user === 'string' ? await h(user) : user });
  const post = async (user: string | Headers, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: typeof user === 'string' ? await h(user) : user });
  const boardOf = async (user: string, base: string, shopId: number): Promise<Board> => {
    const res = await get(user, `${base}/board?shopId=${shopId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Everything a board is made of, straight from the tables: to show a refused request changed nothing. */
  const fingerprint = async (shopId: number) => ({
    version: (await t.app.db.select().from(boards).where(eq(boards.shopId, shopId)))[0]?.version ?? null,
    columns: await t.app.db
      .select()
      .from(boardColumns)
      .where(eq(boardColumns.shopId, shopId))
      .orderBy(asc(boardColumns.id)),
    cards: await t.app.db.select().from(boardCards).where(eq(boardCards.shopId, shopId)).orderBy(asc(boardCards.id)),
    products: await t.app.db
      .select({
        cardId: boardCardProducts.cardId,
        productId: boardCardProducts.productId,
        position: boardCardProducts.position,
      })
      .from(boardCardProducts)
      .innerJoin(boardCards, eq(boardCards.id, boardCardProducts.cardId))
      .where(eq(boardCards.shopId, shopId))
      .orderBy(asc(boardCardProducts.cardId), asc(boardCardProducts.productId)),
  });
  /** Every card in exactly one column, and positions 0..n-1 in the tables, in the order the board answers. */
  const expectConsistent = async (base: string, shopId: number) => {
    const { board } = await boardOf('admin', base, shopId);
    const listed = Object.values(board.columns).flatMap((c) => c.cardIds);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort((a, b) => a - b)).toEqual(
      Object.keys(board.cards)
        .map(Number)
        .sort((a, b) => a - b),
    );
    const cols = await t.app.db
      .select()
      .from(boardColumns)
      .where(eq(boardColumns.shopId, shopId))
      .orderBy(asc(boardColumns.position));
    expect(cols.map((c) => c.position)).toEqual(cols.map((_, i) => i));
    expect(cols.map((c) => c.id)).toEqual(board.columnOrder);
    for (const c of cols) {
      const cards = await t.app.db
        .select()
        .from(boardCards)
        .where(eq(boardCards.columnId, c.id))
        .orderBy(asc(boardCards.position));
      expect(
        cards.map((x) => x.position),
        `column ${c.id}`,
      ).toEqual(cards.map((_, i) => i));
      expect(cards.map((x) => x.id)).toEqual(board.columns[c.id].cardIds);
    }
  };
  const auditsOf = async (entity: string, entityId: number) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.id));
  const userId = async (username: string) =>
    (await t.app.db.select().from(users).where(eq(users.username, username)))[0].id;
  /** A card that shows products, and its section. */
  const cardWithProducts = (board: Board['board']) => {
    const card = Object.values(board.cards).find((c) => c.productCount > 0)!;
    return { cardId: card.id, columnId: card.columnId };
  };
  const approvedOf = async (shopId: number) =>
    t.app.db
      .select()
      .from(products)
      .where(and(eq(products.shopId, shopId), eq(products.approvalStatus, 'approved')))
      .orderBy(asc(products.id));

  describe('the demo boards', () => {
    it('gives every demo shop a board of 3–4 sections with 2–4 product groups of 3–8 approved products each', async () => {
      for (const [name, base, user] of [
        ['HomePro Lighting', FAMILIES[0].base, 'supplier1'],
        ['CoolAir Climate Solutions', FAMILIES[0].base, 'supplier2'],
        ['Siam Tile & Bath', FAMILIES[0].base, 'supplier2'],
        ['HomeBase Essentials', FAMILIES[1].base, 'editor'],
      ]) {
        const { board, version } = await boardOf(user, base, shop[name]);
        expect(version).toBeGreaterThanOrEqual(1);
        expect(board.columnOrder.length, name).toBeGreaterThanOrEqual(3);
        expect(board.columnOrder.length, name).toBeLessThanOrEqual(4);
        expect(board.columnOrder.map((id) => board.columns[id].name)).toEqual(
          ['Hero', 'Best sellers', 'New arrivals', 'Deals'].slice(0, board.columnOrder.length),
        );
        const approved = new Set((await approvedOf(shop[name])).map((p) => p.id));
        for (const id of board.columnOrder) {
          const cardIds = board.columns[id].cardIds;
          expect(cardIds.length, `${name} ${board.columns[id].name}`).toBeGreaterThanOrEqual(2);
          expect(cardIds.length).toBeLessThanOrEqual(4);
          for (const cardId of cardIds) {
            const card = board.cards[cardId];
            expect(card).toMatchObject({
              columnId: id,
              type: 'products',
              bannerCategoryId: null,
              bannerCategoryName: null,
            });
            expect(card.productCount).toBeGreaterThanOrEqual(3);
            expect(card.productCount).toBeLessThanOrEqual(8);
            const onCard = await t.app.db.select().from(boardCardProducts).where(eq(boardCardProducts.cardId, cardId));
            expect(onCard.every((p) => approved.has(p.productId))).toBe(true);
          }
        }
        await expectConsistent(base, shop[name]);
      }
    });

    it("gives about a quarter of each shop's approved products a regular price 10–30 % above the price", async () => {
      for (const name of ['HomePro Lighting', 'CoolAir Climate Solutions', 'Siam Tile & Bath', 'HomeBase Essentials']) {
        const approved = await approvedOf(shop[name]);
        const marked = approved.filter((p) => p.compareAtPrice !== null);
        expect(marked.length, name).toBe(Math.round(approved.length / 4));
        for (const p of marked) {
          const ratio = Number(p.compareAtPrice) / Number(p.price);
          expect(ratio, p.name).toBeGreaterThanOrEqual(1.1 - 1e-9);
          expect(ratio, p.name).toBeLessThanOrEqual(1.3 + 1e-9);
        }
      }
      const others = await t.app.db
        .select()
        .from(products)
        .where(and(ne(products.approvalStatus, 'approved'), isNotNull(products.compareAtPrice)));
      expect(others).toEqual([]);
    });
  });

  describe.each(FAMILIES)('the $name family', (family) => {
    const { base, owner } = family;
    const shopId = () => shop[family.shopName];

    it("lists the family's card types", async () => {
      const res = await get(owner, `${base}/master`);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((i: { code: string }) => i.code)).toEqual(family.types);
      expect(res.json().items.every((i: { name: string; description: string }) => i.name && i.description)).toBe(true);
      expect((await get(owner, `${base}/master?shopId=${shopId()}`)).json()).toEqual(res.json());
    });

    it('builds a section with cards, each write bumping the version and landing in the audit log', async () => {
      const v0 = (await boardOf(owner, base, shopId())).version;
      const col = await post(owner, `${base}/columns/update`, {
        shopId: shopId(),
        column: { name: '  Rainy season  ' },
      });
      expect(col.statusCode, col.body).toBe(200);
      expect(col.json()).toMatchObject({ status: 200, column: { name: 'Rainy season', cardIds: [] }, version: v0 + 1 });
      const columnId = col.json().columnId;
      expect(col.json().column.id).toBe(columnId);

      const renamed = await post(owner, `${base}/columns/update`, {
        shopId: shopId(),
        columnId,
        column: { name: 'Monsoon deals' },
      });
      expect(renamed.json()).toMatchObject({
        status: 200,
        column: { id: columnId, name: 'Monsoon deals' },
        columnId,
        version: v0 + 2,
      });

      const made = await post(owner, `${base}/columns/update`, {
        shopId: shopId(),
        columnId,
        card: { type: 'products', name: ' Stay dry ', description: '  Ready for the rain. ' },
      });
      expect(made.statusCode, made.body).toBe(200);
      const card = made.json().card;
      expect(made.json()).toMatchObject({ columnId, version: v0 + 3 });
      expect(card).toEqual({
        id: card.id,
        columnId,
        type: 'products',
        name: 'Stay dry',
        description: 'Ready for the rain.',
        bannerCategoryId: null,
        bannerCategoryName: null,
        productCount: 0,
        thumbnails: [],
      });
      const second = (
        await post(owner, `${base}/columns/update`, {
          shopId: shopId(),
          columnId,
          card: { type: 'products', name: 'Fans' },
        })
      ).json();

      const { board, version } = await boardOf(owner, base, shopId());
      expect(version).toBe(v0 + 4);
      expect(board.columnOrder.at(-1)).toBe(columnId);
      expect(board.columns[columnId]).toEqual({
        id: columnId,
        name: 'Monsoon deals',
        cardIds: [card.id, second.card.id],
      });
      expect(board.cards[card.id]).toEqual(card);

      const updated = await post(owner, `${base}/card/update`, {
        shopId: shopId(),
        card: { id: card.id, name: 'Stay dry all season', description: null },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({
        status: 200,
        card: { id: card.id, name: 'Stay dry all season', description: null, type: 'products' },
        version: v0 + 5,
      });

      const actor = await userId(owner);
      expect((await auditsOf('board_column', columnId)).map((a) => [a.action, a.actorId])).toEqual([
        ['create', actor],
        ['rename', actor],
      ]);
      expect((await auditsOf('board_card', card.id)).map((a) => a.action)).toEqual(['create', 'update']);
      const [upd] = (await auditsOf('board_card', card.id)).slice(-1);
      expect(upd.before).toMatchObject({ name: 'Stay dry' });
      expect(upd.after).toMatchObject({ name: 'Stay dry all season', version: v0 + 5 });
      await expectConsistent(base, shopId());
    });

    it('refuses bad names, types, descriptions and mixed requests, naming the field, with no change', async () => {
      const { board } = await boardOf(owner, base, shopId());
      const columnId = board.columnOrder[0];
      const cardId = board.columns[columnId].cardIds[0];
      const before = await fingerprint(shopId());
      const cases: [object, string, string][] = [
        [{ shopId: shopId(), column: { name: '   ' } }, 'column.name', 'columns/update'],
        [{ shopId: shopId(), column: { name: 'x'.repeat(81) } }, 'column.name', 'columns/update'],
        [{ shopId: shopId(), column: { name: 'A', colour: 'red' } }, 'column.colour', 'columns/update'],
        [{ shopId: shopId(), columnId, card: { type: 'products', name: '' } }, 'card.name', 'columns/update'],
        [{ shopId: shopId(), columnId, card: { type: 'poster', name: 'Poster' } }, 'card.type', 'columns/update'],
        [
          { shopId: shopId(), columnId, card: { type: 'products', name: 'Long', description: 'x'.repeat(501) } },
          'card.description',
          'columns/update',
        ],
        [{ shopId: shopId(), card: { type: 'products', name: 'Nowhere' } }, 'columnId', 'columns/update'],
        [
          { shopId: shopId(), columnId, column: { name: 'Both' }, card: { type: 'products', name: 'Both' } },
          'column',
          'columns/update',
        ],
        [{ shopId: shopId() }, 'column', 'columns/update'],
        [{ shopId: shopId(), columnId, cardId }, 'columnId', 'columns/delete'],
        [{ shopId: shopId() }, 'columnId', 'columns/delete'],
        [{ shopId: shopId(), card: { id: cardId } }, 'card', 'card/update'],
        [{ shopId: shopId(), card: { id: cardId, name: '  ' } }, 'card.name', 'card/update'],
        [{ shopId: shopId(), card: { id: cardId, type: 'poster' } }, 'card.type', 'card/update'],
        [{ shopId: shopId(), card: { id: cardId, bannerCategoryId: 1 } }, 'card.bannerCategoryId', 'card/update'],
        [{ shopId: shopId(), columnId, index: 0 }, 'version', 'card/orderby'],
        [{ shopId: shopId(), version: 1, columnId, index: -1 }, 'index', 'card/orderby'],
      ];
      if (family.name === 'housebrand')
        cases.push([
          { shopId: shopId(), columnId, card: { type: 'banner', name: 'Banners' } },
          'card.type',
          'columns/update',
        ]);
      for (const [body, field, verb] of cases) {
        const res = await post(owner, `${base}/${verb}`, body);
        expect(res.statusCode, `${verb} ${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(400);
        expect(
          res.json().errors.map((e: { field: string }) => e.field),
          verb,
        ).toContain(field);
      }
      expect(await fingerprint(shopId())).toEqual(before);
    });

    it('moves cards within and across sections and sections within the board, refusing a stale version (409)', async () => {
      let { board, version } = await boardOf(owner, base, shopId());
      const [a, b] = board.columnOrder;
      const [a0, a1] = board.columns[a].cardIds;
      // Within a section: the first card to second place.
      let res = await post(owner, `${base}/card/orderby`, {
        shopId: shopId(),
        version,
        columnId: a,
        index: 1,
        card: a0,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 200, message: 'Card moved.', version: version + 1 });
      ({ board, version } = await boardOf(owner, base, shopId()));
      expect(board.columns[a].cardIds.slice(0, 2)).toEqual([a1, a0]);
      expect(board.cards[a0].columnId).toBe(a);

      // Across sections, past the end: it goes last.
      const bBefore = board.columns[b].cardIds;
      res = await post(owner, `${base}/card/orderby`, { shopId: shopId(), version, columnId: b, index: 99, card: a0 });
      expect(res.statusCode, res.body).toBe(200);
      ({ board, version } = await boardOf(owner, base, shopId()));
      expect(board.columns[b].cardIds).toEqual([...bBefore, a0]);
      expect(board.columns[a].cardIds).not.toContain(a0);
      expect(board.cards[a0].columnId).toBe(b);
      expect((await auditsOf('board_card', a0)).at(-1)).toMatchObject({
        action: 'move',
        before: { columnId: a, position: 1 },
        after: { columnId: b, position: bBefore.length, version },
      });

      // Across sections to the front.
      res = await post(owner, `${base}/card/orderby`, { shopId: shopId(), version, columnId: a, index: 0, card: a0 });
      ({ board, version } = await boardOf(owner, base, shopId()));
      expect(board.columns[a].cardIds[0]).toBe(a0);
      expect(board.columns[b].cardIds).toEqual(bBefore);

      // A section to the end of the board and back.
      const order = board.columnOrder;
      res = await post(owner, `${base}/card/orderby`, { shopId: shopId(), version, columnId: a, index: 50 });
      expect(res.json()).toEqual({ status: 200, message: 'Section moved.', version: version + 1 });
      ({ board, version } = await boardOf(owner, base, shopId()));
      expect(board.columnOrder).toEqual([...order.slice(1), a]);
      expect((await auditsOf('board', shopId())).at(-1)).toMatchObject({
        action: 'move_column',
        before: { columnOrder: order },
        after: { columnOrder: board.columnOrder, version },
      });
      await post(owner, `${base}/card/orderby`, { shopId: shopId(), version, columnId: a, index: 0 });
      ({ board, version } = await boardOf(owner, base, shopId()));
      expect(board.columnOrder).toEqual(order);

      // A move read at an older version changes nothing.
      const before = await fingerprint(shopId());
      for (const stale of [version - 1, version + 1]) {
        res = await post(owner, `${base}/card/orderby`, {
          shopId: shopId(),
          version: stale,
          columnId: b,
          index: 0,
          card: a1,
        });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ status: 409, message: STALE, errors: [{ field: 'version', message: STALE }] });
      }
      expect(await fingerprint(shopId())).toEqual(before);
      await expectConsistent(base, shopId());
    });

    it('applies exactly one of several moves sent at once with the same version; moves sent one after another all apply', async () => {
      const { board, version } = await boardOf(owner, base, shopId());
      const [a, b, c] = board.columnOrder;
      const moving = board.columnOrder.flatMap((id) => board.columns[id].cardIds).slice(0, 8);
      const targets = moving.map((_, i) => [c, b, a][i % 3]);
      const all = await Promise.all(
        moving.map((card, i) =>
          post(owner, `${base}/card/orderby`, { shopId: shopId(), version, columnId: targets[i], index: i % 3, card }),
        ),
      );
      const codes = all.map((r) => r.statusCode);
      console.info(
        `[${kind} ${family.name}] ${moving.length} concurrent moves at version ${version}: ${codes.filter((x) => x === 200).length} × 200, ${codes.filter((x) => x === 409).length} × 409`,
      );
      expect(codes.filter((x) => x === 200)).toHaveLength(1);
      expect(codes.filter((x) => x === 409)).toHaveLength(moving.length - 1);
      expect(all.find((r) => r.statusCode === 200)!.json().version).toBe(version + 1);
      await expectConsistent(base, shopId());

      let current = version + 1;
      for (const [i, card] of moving.entries()) {
        const res = await post(owner, `${base}/card/orderby`, {
          shopId: shopId(),
          version: current,
          columnId: targets[i],
          index: i % 3,
          card,
        });
        expect(res.statusCode, res.body).toBe(200);
        current = res.json().version;
      }
      expect(current).toBe(version + 1 + moving.length);
      const after = await boardOf(owner, base, shopId());
      expect(after.version).toBe(current);
      for (const [i, card] of moving.entries()) expect(after.board.cards[card].columnId).toBe(targets[i]);
      await expectConsistent(base, shopId());
    });

    it('deletes a card from its section and a section with its cards, touching nothing else', async () => {
      let { board } = await boardOf(owner, base, shopId());
      const a = [...board.columnOrder].sort(
        (x, y) => board.columns[y].cardIds.length - board.columns[x].cardIds.length,
      )[0];
      const b = board.columnOrder.find((x) => x !== a)!;
      const [first, gone, ...rest] = board.columns[a].cardIds;
      const others = board.columnOrder.filter((x) => x !== a).map((x) => board.columns[x]);
      const rowsOf = async (columnIds: number[]) =>
        t.app.db.select().from(boardCards).where(inArray(boardCards.columnId, columnIds)).orderBy(asc(boardCards.id));
      const untouched = await rowsOf(others.map((o) => o.id));
      const firstRow = (await rowsOf([a])).find((r) => r.id === first);
      let res = await post(owner, `${base}/columns/delete`, { shopId: shopId(), cardId: gone });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 200, message: 'Card deleted.' });
      ({ board } = await boardOf(owner, base, shopId()));
      expect(board.columns[a].cardIds).toEqual([first, ...rest]);
      expect(board.cards[gone]).toBeUndefined();
      expect(await t.app.db.select().from(boardCardProducts).where(eq(boardCardProducts.cardId, gone))).toEqual([]);
      for (const o of others) expect(board.columns[o.id]).toEqual(o);
      // Rows of other sections, and the card before the deleted one, are not written at all.
      expect(await rowsOf(others.map((o) => o.id))).toEqual(untouched);
      expect((await rowsOf([a])).find((r) => r.id === first)).toEqual(firstRow);
      expect((await auditsOf('board_card', gone)).at(-1)).toMatchObject({
        action: 'delete',
        before: { id: gone, columnId: a },
      });

      const bCards = board.columns[b].cardIds;
      const keep = board.columnOrder.filter((x) => x !== b).map((x) => board.columns[x]);
      const keptCards = keep.flatMap((c) => c.cardIds).map((id) => board.cards[id]);
      const keptRows = await rowsOf(keep.map((k) => k.id));
      res = await post(owner, `${base}/columns/delete`, { shopId: shopId(), columnId: b });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 200, message: 'Section deleted.' });
      const after = await boardOf(owner, base, shopId());
      expect(after.board.columnOrder).toEqual(board.columnOrder.filter((x) => x !== b));
      for (const k of keep) expect(after.board.columns[k.id]).toEqual(k);
      for (const card of keptCards) expect(after.board.cards[card.id]).toEqual(card);
      expect(await rowsOf(keep.map((k) => k.id))).toEqual(keptRows);
      expect(await t.app.db.select().from(boardCards).where(inArray(boardCards.id, bCards))).toEqual([]);
      expect(await t.app.db.select().from(boardCardProducts).where(inArray(boardCardProducts.cardId, bCards))).toEqual(
        [],
      );
      const audit = (await auditsOf('board_column', b)).at(-1)!;
      expect(audit.action).toBe('delete');
      expect((audit.before as { cards: { id: number }[] }).cards.map((c) => c.id)).toEqual(bCards);
      await expectConsistent(base, shopId());
    });

    it('shows a card with its products and candidates, searches, adds, removes and orders its products', async () => {
      const { board } = await boardOf(owner, base, shopId());
      const { cardId, columnId } = cardWithProducts(board);
      const detail = await get(owner, `${base}/detail-card?id=${cardId}&shopid=${shopId()}&listid=${columnId}`);
      expect(detail.statusCode, detail.body).toBe(200);
      const {
        property,
        property_items: items,
        property_master: candidates,
      } = detail.json<{ property: Card; property_items: StoreProduct[]; property_master: StoreProduct[] }>();
      expect(property).toEqual(board.cards[cardId]);
      const onCard = await t.app.db
        .select()
        .from(boardCardProducts)
        .where(eq(boardCardProducts.cardId, cardId))
        .orderBy(asc(boardCardProducts.position));
      expect(items.map((p) => p.id)).toEqual(onCard.map((p) => p.productId));
      expect(property.productCount).toBe(items.length);
      const approved = await approvedOf(shopId());
      // By name (the database's collation decides the order): compared as sets here, the order against the search below.
      const expected = approved.filter((p) => !items.some((i) => i.id === p.id));
      const ids = (xs: { id: number }[]) => xs.map((p) => p.id).sort((x, y) => x - y);
      expect(candidates).toHaveLength(Math.min(20, expected.length));
      expect(expected.length).toBeGreaterThan(2);
      expect(Object.keys(candidates[0]).sort()).toEqual([
        'brandId',
        'brandName',
        'categoryId',
        'categoryName',
        'code',
        'compareAtPrice',
        'discountPercent',
        'id',
        'imageUrl',
        'name',
        'online',
        'price',
      ]);
      const otherColumn = board.columnOrder.find((x) => x !== columnId)!;
      expect(
        (await get(owner, `${base}/detail-card?id=${cardId}&shopid=${shopId()}&listid=${otherColumn}`)).json(),
      ).toEqual({ status: 404, message: 'Card not found' });

      // Search: by text, brand, category and least discount; paged.
      const search = (body: object) =>
        post(owner, `${base}/searchproduct-card`, { taskid: cardId, shopid: shopId(), ...body });
      const all = (await search({ limit: 50 })).json();
      expect(all.total).toBe(expected.length);
      expect(ids(all.property_master)).toEqual(ids(expected));
      expect(all.property_master.slice(0, 20)).toEqual(candidates);
      const page2 = (await search({ limit: 3, page: 2 })).json();
      expect(page2).toMatchObject({ total: expected.length, maxpage: Math.ceil(expected.length / 3) });
      expect(page2.property_master).toEqual(all.property_master.slice(3, 6));
      expect((await search({})).json().property_master).toHaveLength(Math.min(20, expected.length));
      const word = expected[0].name.split(' ').at(-1)!;
      const byText = (await search({ search: word.toUpperCase(), limit: 50 })).json();
      expect(byText.total).toBe(
        expected.filter(
          (p) => p.name.toLowerCase().includes(word.toLowerCase()) || p.code.toLowerCase().includes(word.toLowerCase()),
        ).length,
      );
      const brandId = expected[0].brandId!;
      const byBrand = (await search({ filterbrand: brandId, limit: 50 })).json();
      expect(ids(byBrand.property_master)).toEqual(ids(expected.filter((p) => p.brandId === brandId)));
      const byCategory = (await search({ filtercatemenu: expected[0].level1Id!, limit: 50 })).json();
      expect(byCategory.total).toBe(expected.filter((p) => p.level1Id === expected[0].level1Id).length);
      const discounted = (await search({ filterpercen: 10, limit: 50 })).json();
      const off = (p: (typeof expected)[number]) =>
        p.compareAtPrice
          ? Math.round(((Number(p.compareAtPrice) - Number(p.price)) * 100) / Number(p.compareAtPrice))
          : 0;
      expect(discounted.total).toBeGreaterThan(0);
      expect(ids(discounted.property_master)).toEqual(ids(expected.filter((p) => off(p) >= 10)));
      expect(
        discounted.property_master.every((p: StoreProduct) => p.discountPercent >= 10 && p.compareAtPrice! > p.price),
      ).toBe(true);
      const tooMany = await search({ limit: 51 });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().errors[0].field).toBe('limit');

      // Add two to the end, remove the first.
      const add = candidates.slice(0, 2).map((p) => p.id);
      const changed = await post(owner, `${base}/card/detail-update`, {
        post: { taskid: cardId, shopid: shopId(), add, remove: [items[0].id] },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const nextItems = [...items.slice(1).map((p) => p.id), ...add];
      expect(changed.json().property_items.map((p: StoreProduct) => p.id)).toEqual(nextItems);
      expect((await auditsOf('board_card', cardId)).at(-1)).toMatchObject({
        action: 'change_products',
        before: { productIds: items.map((p) => p.id) },
        after: { productIds: nextItems, version: changed.json().version },
      });
      const searched = (await search({ limit: 50 })).json();
      expect(searched.property_master.map((p: StoreProduct) => p.id)).not.toContain(add[0]);
      expect(searched.property_master.map((p: StoreProduct) => p.id)).toContain(items[0].id);

      // Reorder: reversed.
      const reversed = [...nextItems].reverse();
      const ordered = await post(owner, `${base}/card/detail-orderby`, {
        shopid: shopId(),
        task: cardId,
        items: reversed,
      });
      expect(ordered.statusCode, ordered.body).toBe(200);
      expect(ordered.json()).toMatchObject({ status: 200, version: changed.json().version + 1 });
      expect(ordered.json().property_items.map((p: StoreProduct) => p.id)).toEqual(reversed);
      const again = (await get(owner, `${base}/detail-card?id=${cardId}&shopid=${shopId()}`)).json();
      expect(again.property_items.map((p: StoreProduct) => p.id)).toEqual(reversed);
      expect(again.property.productCount).toBe(reversed.length);
      expect((await auditsOf('board_card', cardId)).at(-1)).toMatchObject({
        action: 'order_products',
        after: { productIds: reversed },
      });
    });

    it('refuses product changes that do not fit the card, naming the field, with no change', async () => {
      const { board } = await boardOf(owner, base, shopId());
      const { cardId } = cardWithProducts(board);
      const detail = (await get(owner, `${base}/detail-card?id=${cardId}&shopid=${shopId()}`)).json();
      const on = detail.property_items.map((p: StoreProduct) => p.id) as number[];
      const free = detail.property_master[0].id as number;
      const [foreign] = await approvedOf(shop['CoolAir Climate Solutions']);
      const [unapproved] = await t.app.db
        .select()
        .from(products)
        .where(and(eq(products.shopId, shopId()), ne(products.approvalStatus, 'approved')))
        .limit(1);
      const before = await fingerprint(shopId());
      const update = (p: object) =>
        post(owner, `${base}/card/detail-update`, { post: { taskid: cardId, shopid: shopId(), ...p } });
      for (const [p, field] of [
        [{ add: [foreign.id] }, 'post.add'],
        [{ add: [unapproved.id] }, 'post.add'],
        [{ add: [on[0]] }, 'post.add'],
        [{ remove: [free] }, 'post.remove'],
        [{ add: [free], remove: [free] }, 'post.add'],
        [{}, 'post.add'],
        [{ add: [], remove: [] }, 'post.add'],
        [{ add: [free, free] }, 'post.add'],
      ] as [object, string][]) {
        const res = await update(p);
        expect(res.statusCode, JSON.stringify(p)).toBe(400);
        expect(res.json().errors[0].field, JSON.stringify(p)).toBe(field);
      }
      const order = (items: number[]) =>
        post(owner, `${base}/card/detail-orderby`, { shopid: shopId(), task: cardId, items });
      for (const items of [on.slice(1), [...on, free], [...on.slice(1), free], [on[0], on[0], ...on.slice(1)]]) {
        const res = await order(items);
        expect(res.statusCode, JSON.stringify(items)).toBe(400);
        expect(res.json().errors[0].field).toBe('items');
      }
      expect(await fingerprint(shopId())).toEqual(before);
    });

    it('starts a shop with no board at version 0 and makes its board row on the first write', async () => {
      const [fresh] = await t.app.db
        .insert(shops)
        .values({ name: `New ${family.name} shop`, kind: family.name, status: 'active' })
        .returning();
      expect(await boardOf('admin', base, fresh.id)).toEqual({
        board: { cards: {}, columns: {}, columnOrder: [] },
        version: 0,
      });
      expect(await t.app.db.select().from(boards).where(eq(boards.shopId, fresh.id))).toEqual([]);
      const res = await post('admin', `${base}/columns/update`, { shopId: fresh.id, column: { name: 'Hero' } });
      expect(res.json()).toMatchObject({ columnId: expect.any(Number), version: 1 });
      expect((await t.app.db.select().from(boards).where(eq(boards.shopId, fresh.id)))[0].version).toBe(1);
      const stale = await post('admin', `${base}/card/orderby`, {
        shopId: fresh.id,
        version: 0,
        columnId: res.json().columnId,
        index: 0,
      });
      expect(stale.statusCode).toBe(409);
    });
  });

  describe('banner cards (brand shops)', () => {
    const base = FAMILIES[0].base;
    let lighting: number;
    let columnId: number;
    let own: number;
    let foreign: number;
    beforeAll(async () => {
      lighting = shop['HomePro Lighting'];
      [{ id: own }] = await t.app.db
        .insert(shopBannerCategories)
        .values({ shopId: lighting, name: 'Rainy season' })
        .returning();
      [{ id: foreign }] = await t.app.db
        .insert(shopBannerCategories)
        .values({ shopId: shop['CoolAir Climate Solutions'], name: 'Rainy season' })
        .returning();
      columnId = (await boardOf('supplier1', base, lighting)).board.columnOrder[0];
    });

    it("shows one of the shop's own banner categories; another shop's category is refused (400)", async () => {
      const add = (card: object) =>
        post('supplier1', `${base}/columns/update`, {
          shopId: lighting,
          columnId,
          card: { type: 'banner', name: 'Banners', ...card },
        });
      const made = await add({ bannerCategoryId: own });
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json().card).toMatchObject({
        type: 'banner',
        bannerCategoryId: own,
        bannerCategoryName: 'Rainy season',
        productCount: 0,
      });
      const before = await fingerprint(lighting);
      const refused = await add({ bannerCategoryId: foreign });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].field).toBe('card.bannerCategoryId');
      const onProducts = await post('supplier1', `${base}/columns/update`, {
        shopId: lighting,
        columnId,
        card: { type: 'products', name: 'P', bannerCategoryId: own },
      });
      expect(onProducts.statusCode).toBe(400);
      expect(onProducts.json().errors[0].field).toBe('card.bannerCategoryId');
      const cardId = made.json().card.id;
      const patch = await post('supplier1', `${base}/card/update`, {
        shopId: lighting,
        card: { id: cardId, bannerCategoryId: foreign },
      });
      expect(patch.statusCode).toBe(400);
      // A banner strip takes no products.
      const [p] = await approvedOf(lighting);
      const addProduct = await post('supplier1', `${base}/card/detail-update`, {
        post: { taskid: cardId, shopid: lighting, add: [p.id] },
      });
      expect(addProduct.statusCode).toBe(409);
      expect(await fingerprint(lighting)).toEqual(before);

      // Becoming a product group drops the category.
      const changed = await post('supplier1', `${base}/card/update`, {
        shopId: lighting,
        card: { id: cardId, type: 'products' },
      });
      expect(changed.json().card).toMatchObject({ type: 'products', bannerCategoryId: null, bannerCategoryName: null });
    });

    it('refuses to make a card with products a banner strip (409 naming card.type)', async () => {
      const { cardId } = cardWithProducts((await boardOf('supplier1', base, lighting)).board);
      const res = await post('supplier1', `${base}/card/update`, {
        shopId: lighting,
        card: { id: cardId, type: 'banner', bannerCategoryId: own },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].field).toBe('card.type');
    });
  });

  describe('who reaches which board', () => {
    const sup = FAMILIES[0].base;
    const hb = FAMILIES[1].base;
    /** One valid request for each verb, with a shop's ids (a card and its column). */
    const requests = (
      base: string,
      shopId: number,
      ids: { column: number; card: number; other: number },
      version: number,
    ) => [
      { method: 'GET' as const, url: `${base}/master?shopId=${shopId}` },
      { method: 'GET' as const, url: `${base}/board?shopId=${shopId}` },
      { method: 'POST' as const, url: `${base}/columns/update`, payload: { shopId, column: { name: 'Probe' } } },
      {
        method: 'POST' as const,
        url: `${base}/columns/update`,
        payload: { shopId, columnId: ids.column, column: { name: 'Probe' } },
      },
      {
        method: 'POST' as const,
        url: `${base}/columns/update`,
        payload: { shopId, columnId: ids.column, card: { type: 'products', name: 'Probe' } },
      },
      { method: 'POST' as const, url: `${base}/columns/delete`, payload: { shopId, cardId: ids.card } },
      { method: 'POST' as const, url: `${base}/columns/delete`, payload: { shopId, columnId: ids.column } },
      {
        method: 'POST' as const,
        url: `${base}/card/orderby`,
        payload: { shopId, version, columnId: ids.other, index: 0, card: ids.card },
      },
      {
        method: 'POST' as const,
        url: `${base}/card/orderby`,
        payload: { shopId, version, columnId: ids.column, index: 1 },
      },
      {
        method: 'POST' as const,
        url: `${base}/card/update`,
        payload: { shopId, card: { id: ids.card, name: 'Probe' } },
      },
      { method: 'GET' as const, url: `${base}/detail-card?id=${ids.card}&shopid=${shopId}&listid=${ids.column}` },
      { method: 'POST' as const, url: `${base}/searchproduct-card`, payload: { taskid: ids.card, shopid: shopId } },
      {
        method: 'POST' as const,
        url: `${base}/card/detail-update`,
        payload: { post: { taskid: ids.card, shopid: shopId, remove: [1] } },
      },
      {
        method: 'POST' as const,
        url: `${base}/card/detail-orderby`,
        payload: { shopid: shopId, task: ids.card, items: [] },
      },
    ];
    const idsOf = async (base: string, shopId: number) => {
      const { board, version } = await boardOf('admin', base, shopId);
      const column = board.columnOrder.find((id) => board.columns[id].cardIds.length)!;
      const other = board.columnOrder.find((id) => id !== column)!;
      return { ids: { column, other, card: board.columns[column].cardIds[0] }, version };
    };

    it("answers 404 Shop not found, with no data and no change, to a supplier naming another supplier's shop", async () => {
      const coolair = shop['CoolAir Climate Solutions'];
      const { ids, version } = await idsOf(sup, coolair);
      const before = await fingerprint(coolair);
      for (const r of requests(sup, coolair, ids, version)) {
        const res = await t.app.inject({ ...r, headers: await h('supplier1') });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
        expect(res.json(), `${r.method} ${r.url}`).toEqual({ status: 404, message: 'Shop not found' });
      }
      expect(await fingerprint(coolair)).toEqual(before);
      // The owner reaches the same requests (reads answer, writes do not 404).
      const supplier2 = await h('supplier2');
      expect((await get(supplier2, `${sup}/board?shopId=${coolair}`)).statusCode).toBe(200);
    });

    it("answers 404 Card/Column not found, with no change, to a supplier naming another shop's card or column on its own shop", async () => {
      const lighting = shop['HomePro Lighting'];
      const coolair = shop['CoolAir Climate Solutions'];
      const { ids: theirs } = await idsOf(sup, coolair);
      const { version } = await idsOf(sup, lighting);
      const before = [await fingerprint(lighting), await fingerprint(coolair)];
      for (const r of requests(sup, lighting, theirs, version).filter((x) =>
        /card|columnId|columns\/delete|orderby/.test(x.url + JSON.stringify(x.payload ?? {})),
      )) {
        const res = await t.app.inject({ ...r, headers: await h('supplier1') });
        expect(res.statusCode, `${r.method} ${r.url} ${JSON.stringify(r.payload)}`).toBe(404);
        expect(res.json().message, r.url).toMatch(/^(Card|Column) not found$/);
        expect(Object.keys(res.json()).sort()).toEqual(['message', 'status']);
      }
      expect([await fingerprint(lighting), await fingerprint(coolair)]).toEqual(before);
    });

    it('keeps each family to its own kind of shop, and house-brand boards to staff', async () => {
      const lighting = shop['HomePro Lighting'];
      const homebase = shop['HomeBase Essentials'];
      const { ids: hbIds, version: hbVersion } = await idsOf(hb, homebase);
      const { ids: supIds, version: supVersion } = await idsOf(sup, lighting);
      const before = [await fingerprint(lighting), await fingerprint(homebase)];
      const expectAll = async (user: string, reqs: ReturnType<typeof requests>, status: number) => {
        for (const r of reqs) {
          const res = await t.app.inject({ ...r, headers: await h(user) });
          expect(res.statusCode, `${user} ${r.method} ${r.url}`).toBe(status);
          if (status === 404) expect(res.json()).toEqual({ status: 404, message: 'Shop not found' });
        }
      };
      // Admin: a house brand on the supplier routes, a supplier shop on the house-brand routes.
      await expectAll('admin', requests(sup, homebase, hbIds, hbVersion), 404);
      await expectAll('admin', requests(hb, lighting, supIds, supVersion), 404);
      // The content editor: no supplier routes at all (the table), no supplier shop on the house-brand routes.
      await expectAll('editor', requests(sup, lighting, supIds, supVersion), 403);
      await expectAll('editor', requests(hb, lighting, supIds, supVersion), 404);
      // A supplier: no house-brand routes, not even with its own shop.
      await expectAll('supplier1', requests(hb, lighting, supIds, supVersion), 403);
      await expectAll('supplier1', requests(hb, homebase, hbIds, hbVersion), 403);
      expect([await fingerprint(lighting), await fingerprint(homebase)]).toEqual(before);
    });

    it('lets admin work on both families, the editor on house brands and a supplier on its own shop', async () => {
      for (const [user, base, shopId] of [
        ['admin', sup, shop['CoolAir Climate Solutions']],
        ['admin', hb, shop['HomeBase Essentials']],
        ['editor', hb, shop['HomeBase Essentials']],
        ['supplier1', sup, shop['HomePro Lighting']],
      ] as const) {
        const { ids, version } = await idsOf(base, shopId);
        const cardBefore = (await t.app.db.select().from(boardCards).where(eq(boardCards.id, ids.card)))[0];
        const res = await post(user, `${base}/card/orderby`, {
          shopId,
          version,
          columnId: ids.other,
          index: 0,
          card: ids.card,
        });
        expect(res.statusCode, `${user} ${base}: ${res.body}`).toBe(200);
        const [row] = await t.app.db.select().from(boardCards).where(eq(boardCards.id, ids.card));
        expect(row).toMatchObject({ columnId: ids.other, position: 0 });
        const [entry] = (await auditsOf('board_card', ids.card)).slice(-1);
        expect(entry).toMatchObject({
          action: 'move',
          actorId: await userId(user),
          before: { columnId: cardBefore.columnId, position: cardBefore.position },
        });
        const detail = await get(user, `${base}/detail-card?id=${ids.card}&shopid=${shopId}`);
        expect(detail.statusCode).toBe(200);
      }
    });

    it('needs a token', async () => {
      for (const url of ['/api/supplier/kanban/board?shopId=1', '/api/housebrand/board?shopId=1']) {
        expect((await t.app.inject({ url })).statusCode).toBe(401);
      }
    });
  });
});
