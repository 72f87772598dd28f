/**
 * Demo chat: staff and suppliers talking about the year-end sale, stock, installation and content, over
 * the last days before the reference date. Fixed texts and no PRNG: it shifts no other demo data. Some
 * messages are left unread so the badges show (supplier1 has two from admin, admin one from supplier2).
 */
import { inArray } from 'drizzle-orm';
import * as t from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

interface DemoConversation {
  title?: string;
  people: string[];
  /** [sender, minutes before the reference date, text] in send order. */
  messages: [string, number, string][];
  /** Who has read how far: the number of messages they have read (default: all). */
  readUpTo?: Record<string, number>;
}

const CONVERSATIONS: DemoConversation[] = [
  {
    people: ['admin', 'supplier1'],
    messages: [
      [
        'admin',
        3 * 24 * 60 + 40,
        'Hi Anan, the year-end sale starts on 1 December. Can HomePro Lighting hold 20% off the LED ceiling lamps for the whole month?',
      ],
      [
        'supplier1',
        3 * 24 * 60 + 25,
        'Good morning khun Somchai. 20% is fine on the 24 W and 36 W models. The 48 W one can only go to 15%.',
      ],
      [
        'admin',
        3 * 24 * 60 + 10,
        'Understood. Please update the prices in the product list before 28 November so the approval queue has time.',
      ],
      [
        'supplier1',
        2 * 24 * 60 + 300,
        'Prices are updated and sent for approval. We have 340 units in the Bang Na warehouse.',
      ],
      [
        'admin',
        95,
        'Thanks! The home-page banner goes live on 1 December at 00:00. Could you send a lifestyle photo of the 36 W lamp?',
      ],
      ['admin', 92, 'A living-room shot works best, landscape, at least 1600 px wide.'],
    ],
    readUpTo: { supplier1: 4 },
  },
  {
    people: ['admin', 'supplier2'],
    messages: [
      [
        'supplier2',
        5 * 24 * 60,
        'Hello, CoolAir would like to add an installation rate for the 18,000 BTU inverter units. Standard wall mounting, up to 4 m of pipe.',
      ],
      ['admin', 5 * 24 * 60 - 45, 'Sure. What price do you propose? The current rate for 12,000 BTU is ฿1,800.'],
      ['supplier2', 5 * 24 * 60 - 30, '฿2,500 including the bracket. Extra pipe ฿450 per metre.'],
      ['admin', 4 * 24 * 60 + 120, 'Added to the install rates. It shows on the product page from tomorrow.'],
      [
        'supplier2',
        50,
        'Siam Tile & Bath received three claims about cracked 60×60 tiles from the same delivery. I have filed them in the claim list, can someone check?',
      ],
    ],
    readUpTo: { admin: 4 },
  },
  {
    title: 'Year-end sale content',
    people: ['admin', 'editor', 'supplier1'],
    messages: [
      [
        'editor',
        2 * 24 * 60 + 200,
        'I am drafting the "Light up your new year" blog post. Anan, which three lamps should we feature?',
      ],
      [
        'supplier1',
        2 * 24 * 60 + 170,
        'The Philips 36 W round panel, the Lamptan smart bulb set and the outdoor solar wall lamp. They sell best in December.',
      ],
      ['admin', 2 * 24 * 60 + 160, 'Good choice. Pim, please link the post from the lighting category banner too.'],
      ['editor', 2 * 24 * 60 + 100, 'Will do. Draft is in the blog list for review.'],
    ],
  },
  {
    title: 'Banner schedule December',
    people: ['admin', 'editor'],
    messages: [
      [
        'editor',
        26 * 60,
        'Banner slots for the first sale week are full: lighting, air conditioners, bathroom. Tiles move to week two.',
      ],
      ['admin', 25 * 60, 'OK. Keep the air-conditioner banner on top while the hot weather lasts.'],
    ],
  },
];

export async function seedChatDemo(tx: Tx, opts: { referenceDate: Date }): Promise<void> {
  const usernames = [...new Set(CONVERSATIONS.flatMap((c) => c.people))];
  const found = await tx
    .select({ id: t.users.id, username: t.users.username })
    .from(t.users)
    .where(inArray(t.users.username, usernames));
  const userId = (username: string) => found.find((u) => u.username === username)!.id;
  const at = (minutesBefore: number) => new Date(opts.referenceDate.getTime() - minutesBefore * MINUTE);
  // Messages go in in time order across conversations, so ids are the send order (as live sends are).
  const all = CONVERSATIONS.flatMap((c, ci) =>
    c.messages.map(([sender, minutes, body], mi) => ({ ci, mi, sender, minutes, body })),
  ).sort((a, b) => b.minutes - a.minutes);
  const conversationIds: number[] = [];
  for (const c of CONVERSATIONS) {
    const first = c.messages[0][1];
    const [row] = await tx
      .insert(t.chatConversations)
      .values({
        type: c.title ? 'group' : 'direct',
        title: c.title ?? null,
        createdBy: userId(c.messages[0][0]),
        createdAt: new Date(at(first).getTime() - DAY / 24),
        lastMessageAt: at(c.messages[c.messages.length - 1][1]),
      })
      .returning({ id: t.chatConversations.id });
    conversationIds.push(row.id);
  }
  const messageIds = new Map<string, number>();
  for (const [n, m] of all.entries()) {
    const [row] = await tx
      .insert(t.chatMessages)
      .values({
        conversationId: conversationIds[m.ci],
        senderId: userId(m.sender),
        body: m.body,
        contentType: 'text',
        clientId: `demo-${String(n + 1).padStart(4, '0')}`,
        createdAt: at(m.minutes),
      })
      .returning({ id: t.chatMessages.id });
    messageIds.set(`${m.ci}:${m.mi}`, row.id);
  }
  await tx.insert(t.chatParticipants).values(
    CONVERSATIONS.flatMap((c, ci) =>
      c.people.map((username) => {
        const read = c.readUpTo?.[username] ?? c.messages.length;
        return {
          conversationId: conversationIds[ci],
          userId: userId(username),
          lastReadMessageId: read > 0 ? messageIds.get(`${ci}:${read - 1}`)! : null,
          joinedAt: new Date(at(c.messages[0][1]).getTime() - DAY / 24),
        };
      }),
    ),
  );
}
