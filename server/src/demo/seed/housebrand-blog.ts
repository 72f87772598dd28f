/**
 * Demo posts of the house-brand blog, demo only: a few articles the content editor wrote for HomeBase
 * Essentials, each with product ideas from its catalogue in the order readers see them. A product is
 * found by its item (the demo pairs items with random brands), approved ones first; an item the shop
 * does not carry is left out. Covers are drawn later with every other post's.
 */
import { and, asc, eq } from 'drizzle-orm';
import * as t from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';

const DAY = 86_400_000;

interface DemoPost {
  type: 'idea' | 'howto' | 'review' | 'news';
  title: string;
  description: string;
  html: string;
  tags: string[];
  status: 'draft' | 'published';
  daysAgo: number;
  /** Items of the house brand's catalogue, in the order the post shows them. */
  items: string[];
}

const POSTS: DemoPost[] = [
  {
    type: 'idea',
    status: 'published',
    daysAgo: 41,
    tags: ['storage', 'condo', 'homebase'],
    title: 'Three Storage Ideas for a Bangkok Condo',
    description: 'Make a 35 m² one-bedroom feel twice as big with shelves, boxes and a shoe cabinet by the door.',
    html:
      '<p>Most Bangkok condos give you one wardrobe and a kitchen cupboard. Here is how our customers find room for everything else.</p>' +
      '<h2>1. Go up, not out</h2><p>A five-tier steel shelf takes less than half a square metre and holds up to 150 kg. Put heavy things low and everyday things at eye level.</p>' +
      '<h2>2. Boxes with lids, all the same size</h2><p>Matching 60 L boxes stack neatly on the shelf or slide under the bed, and keep dust out during the dry season.</p>' +
      '<h2>3. A shoe cabinet at the door</h2><p>Shoes stay outside the living space, as they should, and the cabinet top becomes the place for keys and umbrellas.</p>' +
      '<ul><li>Measure the space before you buy</li><li>Leave 5 cm behind shelves for air</li><li>Label every box</li></ul>',
    items: ['Steel Storage Shelf 5 Tiers', 'Storage Box 60 L', 'Shoe Cabinet 3 Doors'],
  },
  {
    type: 'howto',
    status: 'published',
    daysAgo: 27,
    tags: ['diy', 'painting', 'homebase'],
    title: 'How to Repaint a Bedroom Wall in One Weekend',
    description: 'From masking tape to the second coat: a clean finish without a painter.',
    html:
      '<p>A fresh coat of matte white is the cheapest makeover there is. Plan for two days: one to prepare and paint, one for the second coat.</p>' +
      '<h2>What you need</h2><ul><li>9 L of interior paint covers about 40 m² twice</li><li>A 9" roller set with a tray and a brush for the corners</li><li>A stable ladder</li></ul>' +
      '<h2>Step by step</h2><ol><li>Move the furniture away and cover the floor.</li><li>Fill holes, sand them smooth, wipe the wall.</li>' +
      '<li>Cut in the corners with the brush, then roll in a W shape.</li><li>Wait four hours in the rainy season (two when it is dry) before the second coat.</li></ol>' +
      '<blockquote>Open the windows while you work and for a day after.</blockquote>',
    items: ['Interior Wall Paint 9 L Matte White', 'Paint Roller Set 9"', 'Aluminium Ladder 5 Steps'],
  },
  {
    type: 'review',
    status: 'published',
    daysAgo: 12,
    tags: ['tools', 'review', 'homebase'],
    title: 'Our Cordless Drill 12V Kit, Three Months In',
    description: 'Shelves, curtain rails and a flat-pack wardrobe later: what the entry-level kit does well.',
    html:
      '<p>We gave the 12V kit to three colleagues moving into new flats and asked them to use nothing else for three months.</p>' +
      '<h2>What they liked</h2><ul><li>Light enough to hold overhead when fitting curtain rails</li><li>Two batteries: one charges while you work</li><li>The bits fit in the case, which fits in the tool box</li></ul>' +
      '<h2>What to know</h2><p>For concrete walls, use a hammer drill instead: the 12V kit is made for wood, plasterboard and screws.</p>',
    items: ['Cordless Drill 12V Kit', 'Tool Box 19"', 'Stainless Door Lever Lock'],
  },
  {
    type: 'news',
    status: 'draft',
    daysAgo: 3,
    tags: ['work from home', 'new', 'homebase'],
    title: 'New for the Home Office: Mesh Chair and Folding Table',
    description: 'Two new HomeBase pieces for a work corner that folds away in the evening.',
    html:
      '<p>Working from home in a small space? Our new folding table seats two and stands against the wall after work, and the mesh chair stays cool through a Bangkok afternoon.</p>' +
      '<p>Add an extension cord with four outlets and the corner is ready for a laptop, a lamp and a phone charger.</p>',
    items: ['Mesh Office Chair', 'Folding Table 180 cm', 'Extension Cord 4 Outlets 3 m'],
  },
];

/** Writes the house brand's demo posts (by `authorId`, dated before `referenceDate`) with their product ideas. */
export async function seedHousebrandBlogDemo(tx: Tx, opts: { referenceDate: Date; authorId: number }): Promise<void> {
  const [shop] = await tx
    .select({ id: t.shops.id })
    .from(t.shops)
    .where(and(eq(t.shops.kind, 'housebrand'), eq(t.shops.name, 'HomeBase Essentials')));
  if (!shop) return;
  const catalogue = await tx
    .select({ id: t.products.id, name: t.products.name, approvalStatus: t.products.approvalStatus })
    .from(t.products)
    .where(eq(t.products.shopId, shop.id))
    .orderBy(asc(t.products.id));
  const productFor = (item: string) => {
    const carrying = catalogue.filter((p) => p.name.endsWith(` ${item}`));
    return (carrying.find((p) => p.approvalStatus === 'approved') ?? carrying[0])?.id;
  };
  const ref = opts.referenceDate.getTime();
  for (const p of POSTS) {
    const createdAt = new Date(ref - p.daysAgo * DAY);
    const [post] = await tx
      .insert(t.blogPosts)
      .values({
        shopId: shop.id,
        type: p.type,
        title: p.title,
        description: p.description,
        contentHtml: p.html,
        coverUrl: null,
        tags: p.tags,
        status: p.status,
        authorId: opts.authorId,
        createdAt,
        updatedAt: new Date(createdAt.getTime() + DAY / 4),
        publishedAt: p.status === 'published' ? new Date(createdAt.getTime() + DAY / 2) : null,
        version: 1,
      })
      .returning({ id: t.blogPosts.id });
    const ideas = p.items.map(productFor).filter((id): id is number => id !== undefined);
    if (ideas.length)
      await tx
        .insert(t.blogPostProducts)
        .values(ideas.map((productId, sort) => ({ postId: post.id, productId, sort })));
  }
}
