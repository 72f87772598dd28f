/**
 * Demo mail among the demo users: staff and suppliers writing about prices, photos, installation and
 * payouts, two conversations with answers, a draft, starred and important marks, a few labels, one
 * mail in the trash and a PDF attachment. Fixed texts and no PRNG: it shifts no other demo data.
 */
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import * as t from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';
import { storeFile } from '../../lib/uploads.js';
import type { Storage } from '../../lib/storage.js';

const HOUR = 3_600_000;

type Who = 'admin' | 'editor' | 'supplier1' | 'supplier2' | 'supplier3';

interface DemoMail {
  key: string;
  from: Who;
  to: Who[];
  cc?: Who[];
  subject: string;
  body: string;
  /** Hours before the reference date it was sent; null: a draft. */
  at: number | null;
  replyTo?: string;
  /** Recipients (or the sender) who have read it; the sender always has. */
  readBy?: Who[];
  starredBy?: Who[];
  importantBy?: Who[];
  trashedBy?: Who[];
  labels?: Partial<Record<Who, string[]>>;
  file?: { name: string; lines: string[] };
}

const LABELS: { owner: Who; name: string; color: string }[] = [
  { owner: 'admin', name: 'Suppliers', color: '#1e88e5' },
  { owner: 'admin', name: 'Year-end sale', color: '#e53935' },
  { owner: 'supplier1', name: 'Marketplace', color: '#43a047' },
];

const MAILS: DemoMail[] = [
  {
    key: 'stock',
    from: 'supplier1',
    to: ['admin'],
    at: 190,
    readBy: ['admin'],
    trashedBy: ['admin'],
    subject: 'Philips LED bulbs back in stock',
    body: '<p>Hello Khun Somchai,</p><p>The Philips 9W daylight bulbs are back in stock: 1,200 pieces at our Bang Na warehouse. Listings are online again.</p><p>Best regards,<br>Anan</p>',
  },
  {
    key: 'prices',
    from: 'admin',
    to: ['supplier1'],
    at: 144,
    readBy: ['supplier1'],
    labels: { admin: ['Suppliers', 'Year-end sale'], supplier1: ['Marketplace'] },
    subject: 'Year-end sale: confirm your LED prices by 30 November',
    body: '<p>Dear HomePro Lighting team,</p><p>The year-end sale runs 1–31 December. Please confirm the sale prices of your LED bulbs and downlights by <strong>30 November</strong>, so they appear on the home page from the first day.</p><ul><li>LED Bulb 9W Daylight E27</li><li>LED Downlight 6" 12W Warm White</li><li>LED Tube T8 18W</li></ul><p>Thank you,<br>Somchai, Seller Center</p>',
  },
  {
    key: 'prices-reply',
    from: 'supplier1',
    to: ['admin'],
    at: 120,
    replyTo: 'prices',
    readBy: ['admin'],
    starredBy: ['admin'],
    labels: { admin: ['Year-end sale'] },
    subject: 'Re: Year-end sale: confirm your LED prices by 30 November',
    body:
      '<p>Hello Khun Somchai,</p><p>Confirmed: LED Bulb 9W at ฿79, Downlight 6" at ฿229 and Tube T8 at ฿99 for the whole of December. We keep 3,000 pieces in stock for the sale.</p><p>Anan</p>' +
      '<blockquote><p>Please confirm the sale prices of your LED bulbs and downlights by <strong>30 November</strong>.</p></blockquote>',
  },
  {
    key: 'banners',
    from: 'admin',
    to: ['editor'],
    at: 96,
    readBy: ['editor'],
    labels: { admin: ['Year-end sale'] },
    subject: 'Banner calendar for the year-end sale',
    body: '<p>Hi Pimchanok,</p><p>Could you book the home-page banners for the first week of December? Lighting on 1–3 December, air conditioners on 4–7 December.</p><p>Somchai</p>',
  },
  {
    key: 'banners-reply',
    from: 'editor',
    to: ['admin'],
    at: 90,
    replyTo: 'banners',
    readBy: ['admin'],
    subject: 'Re: Banner calendar for the year-end sale',
    body: '<p>Booked both slots. The artwork for the lighting banner comes from HomePro Lighting on Friday.</p><p>Pimchanok</p>',
  },
  {
    key: 'photos',
    from: 'editor',
    to: ['supplier1'],
    cc: ['admin'],
    at: 70,
    starredBy: ['editor'],
    readBy: ['admin'],
    subject: 'Photos for your ceiling lamp listings',
    body: '<p>Dear Khun Anan,</p><p>Your ceiling lamps sell well, but three listings still show a single photo. The attached guide shows what we need: the lamp switched on, a room view and the label with the wattage.</p><p>Kind regards,<br>Pimchanok, content team</p>',
    file: {
      name: 'photo-guidelines.pdf',
      lines: [
        'Seller Center - product photo guidelines',
        '1. White background, 1200 x 1200 px or larger',
        '2. One photo with the lamp switched on',
        '3. One photo in a room',
        '4. A close-up of the label (wattage, model)',
      ],
    },
  },
  {
    key: 'installers',
    from: 'supplier2',
    to: ['admin'],
    at: 40,
    importantBy: ['admin'],
    labels: { admin: ['Suppliers'] },
    subject: 'Installation team for Daikin units in Chiang Mai',
    body: '<p>Hello,</p><p>From next month our own installation team covers Chiang Mai and Lamphun. Could the air-conditioner install rate for these provinces change from ฿1,500 to ฿1,200 per unit?</p><p>Kittipong, CoolAir Climate Solutions</p>',
  },
  {
    key: 'welcome',
    from: 'admin',
    to: ['supplier3'],
    at: 30,
    subject: 'Welcome: your shop is under review',
    body: '<p>Dear Khun Worawut,</p><p>Thank you for registering Nakhon Garden Supply. Our team reviews new shops within two working days. Meanwhile you can prepare your products and storefront as drafts.</p><p>Seller Center</p>',
  },
  {
    key: 'payout',
    from: 'admin',
    to: ['supplier2'],
    at: 6,
    subject: 'Your November payout: ฿184,250.00',
    body: '<p>Dear CoolAir Climate Solutions team,</p><p>Your November payout of <strong>฿184,250.00</strong> for 62 delivered orders was transferred today to your Kasikorn account ending 4471.</p><p>Seller Center finance</p>',
  },
  {
    key: 'returns-draft',
    from: 'admin',
    to: ['supplier2'],
    at: null,
    subject: 'New returns policy for tiles',
    body: '<p>Dear Siam Tile &amp; Bath team,</p><p>From January, customers may return unopened tile boxes within 14 days.</p>',
  },
];

/** A one-page PDF with a few lines of text (Helvetica), its cross-reference table computed. */
function pdfWith(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = `BT /F1 14 Tf 56 780 Td 20 TL ${lines.map((l) => `(${esc(l)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => {
    const at = Buffer.byteLength(out);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function seedMailDemo(tx: Tx, opts: { referenceDate: Date; storage: Storage }): Promise<void> {
  const people = await tx
    .select({ id: t.users.id, username: t.users.username })
    .from(t.users)
    .where(inArray(t.users.username, ['admin', 'editor', 'supplier1', 'supplier2', 'supplier3']));
  const id = (who: Who) => people.find((p) => p.username === who)!.id;
  const labels = await tx
    .insert(t.mailLabels)
    .values(LABELS.map((l) => ({ userId: id(l.owner), name: l.name, color: l.color })))
    .returning();
  const labelId = (owner: Who, name: string) => labels.find((l) => l.userId === id(owner) && l.name === name)!.id;
  const messageOf = new Map<string, number>();

  for (const m of MAILS) {
    const at =
      m.at === null
        ? new Date(opts.referenceDate.getTime() - 2 * HOUR)
        : new Date(opts.referenceDate.getTime() - m.at * HOUR);
    const [message] = await tx
      .insert(t.mailMessages)
      .values({
        senderId: id(m.from),
        subject: m.subject,
        body: m.body,
        replyToId: m.replyTo ? messageOf.get(m.replyTo)! : null,
        sentAt: m.at === null ? null : at,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: t.mailMessages.id });
    messageOf.set(m.key, message.id);
    const recipients = [
      ...m.to.map((who) => ({ who, kind: 'to' })),
      ...(m.cc ?? []).map((who) => ({ who, kind: 'cc' })),
    ];
    await tx
      .insert(t.mailRecipients)
      .values(recipients.map((r) => ({ messageId: message.id, userId: id(r.who), kind: r.kind })));
    const copy = (who: Who, folder: string) => ({
      messageId: message.id,
      userId: id(who),
      folder: m.trashedBy?.includes(who) ? 'trash' : folder,
      read: folder !== 'inbox' || !!m.readBy?.includes(who),
      starred: !!m.starredBy?.includes(who),
      important: !!m.importantBy?.includes(who),
      labelIds: (m.labels?.[who] ?? []).map((name) => labelId(who, name)),
      createdAt: at,
    });
    await tx
      .insert(t.mailboxEntries)
      .values(
        m.at === null
          ? [copy(m.from, 'drafts')]
          : [copy(m.from, 'sent'), ...recipients.map((r) => copy(r.who, 'inbox'))],
      );
    if (m.file) {
      const bytes = pdfWith(m.file.lines);
      const name = createHash('sha256')
        .update(`demo mail ${m.key}`)
        .update('\0')
        .update(bytes)
        .digest('hex')
        .slice(0, 32);
      const file = await storeFile(opts.storage, bytes, { kinds: ['document'], originalName: m.file.name, name });
      await tx.insert(t.mailAttachments).values({
        messageId: message.id,
        url: file.url,
        mime: file.mime,
        size: file.size,
        originalName: file.originalName,
      });
    }
  }
}
