import { sql } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { queryRows } from '../../server/src/db/client.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d6f1a30000000049454e44ae426082',
  'hex',
);
const MIN = 60_000;

function multipart(fields: Record<string, string>) {
  const b = `----slips${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${b}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

describe.each(dbKinds())('payment slips: amounts and transfer times (%s)', (kind) => {
  let t: TestApp;
  let admin: { authorization: string };
  let shop: number;
  const q = <T>(s: ReturnType<typeof sql>) => queryRows<T>(t.app.db, s);
  const inj = (method: 'GET' | 'POST', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** A fresh order waiting for payment: 509 THB, placed an hour ago. */
  const newOrder = async (total = 509) => {
    const [o] = await q<{
      id: number;
    }>(sql`insert into orders (shop_id, order_no, customer_name, channel, status, total, item_count, created_at)
      values (${shop}, ${`SLIP-${Date.now()}-${Math.random().toString(16).slice(2, 8)}`}, 'Slip Customer', 'web', 'pending_payment', ${total}, 1,
        now() - interval '1 hour') returning id`);
    return Number(o.id);
  };
  const createdAt = async (orderId: number) =>
    new Date(
      (await q<{ created_at: Date | string }>(sql`select created_at from orders where id = ${orderId}`))[0].created_at,
    );
  const upload = (orderId: number, amount: string, transferredAt = new Date().toISOString()) => {
    const m = multipart({ orderId: String(orderId), bankCode: 'KBANK', amount, transferredAt });
    return t.app.inject({
      method: 'POST',
      url: '/api/order/uploadslippayment',
      headers: { ...admin, ...m.headers },
      payload: m.payload,
    });
  };
  const slipOf = async (orderId: number, amount: string) => {
    const res = await upload(orderId, amount);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const approve = (id: number) => inj('POST', '/api/order/approveslip', { id });
  const order = async (id: number) => (await inj('GET', `/api/order/orderview?id=${id}`)).json().data;

  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    admin = await t.headers('admin');
    const [s] = await q<{ id: number }>(sql`select id from shops where name = 'HomePro Lighting'`);
    shop = Number(s.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records partial payments, which add up to paid; a 5 THB slip does not pay a 509 THB order', async () => {
    const id = await newOrder();
    const first = await slipOf(id, '5');
    const a = await approve(first);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().message).toBe('Slip approved; the order still owes 504.00 THB.');
    expect(a.json().data).toMatchObject({ status: 'approved', orderTotal: 509, orderPaid: 5, orderOwed: 504 });
    expect(await order(id)).toMatchObject({ status: 'pending_payment', paidAmount: 5, owedAmount: 504 });
    expect((await order(id)).timeline[0]).toMatchObject({
      code: 'slipApprovedPart',
      params: { paid: '5.00', total: '509.00', owed: '504.00' },
    });

    const second = await slipOf(id, '4.5');
    const third = await slipOf(id, '499.5');
    // The list shows each slip's order paid so far and still owed.
    const listed = (await inj('GET', `/api/order/slippayment?orderId=${id}&limit=10`)).json().items;
    expect(listed.map((s: { orderPaid: number; orderOwed: number }) => [s.orderPaid, s.orderOwed])).toEqual([
      [5, 504],
      [5, 504],
      [5, 504],
    ]);
    expect((await approve(second)).json().data).toMatchObject({ orderPaid: 9.5, orderOwed: 499.5 });
    const last = await approve(third);
    expect(last.json().message).toBe('Slip approved; the order is paid.');
    expect(await order(id)).toMatchObject({ status: 'paid', paidAmount: 509, owedAmount: 0 });
    const [{ n }] = await q<{ n: string }>(
      sql`select count(*) as n from order_events where order_id = ${id} and to_status = 'paid'`,
    );
    expect(Number(n)).toBe(1);
  });

  it('refuses an amount above what the order still owes, naming amount (upload and change)', async () => {
    const id = await newOrder();
    const over = await upload(id, '509.01');
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual([expect.objectContaining({ field: 'amount' })]);
    expect(over.json().message).toMatch(/owes \(509\.00 THB\)/);
    await approve(await slipOf(id, '100'));
    const after = await upload(id, '410');
    expect(after.statusCode).toBe(400);
    expect(after.json().errors[0].field).toBe('amount');
    expect(after.json().message).toMatch(/still owes \(409\.00 THB of 509\.00 THB; 100\.00 THB already paid\)/);
    // A pending slip changed to too much, or kept at an amount the order no longer owes.
    const pending = await slipOf(id, '409');
    const m = multipart({ id: String(pending), amount: '500' });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/order/changeslip',
      headers: { ...admin, ...m.headers },
      payload: m.payload,
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors[0].field).toBe('amount');
    expect((await upload(id, '409')).statusCode).toBe(200);
  });

  it("takes transfer times between the order's creation and now, five minutes of skew either side", async () => {
    const id = await newOrder();
    const placed = (await createdAt(id)).getTime();
    const at = (ms: number) => new Date(ms).toISOString();
    const future = await upload(id, '1', at(Date.now() + 10 * MIN));
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual([{ field: 'transferredAt', message: 'transferredAt is in the future' }]);
    const before = await upload(id, '1', at(placed - 10 * MIN));
    expect(before.statusCode).toBe(400);
    expect(before.json().errors[0].field).toBe('transferredAt');
    expect(before.json().message).toMatch(/^transferredAt is before order SLIP-/);
    expect((await upload(id, '1', at(Date.now() + 2 * MIN))).statusCode).toBe(200);
    expect((await upload(id, '1', at(placed - 2 * MIN))).statusCode).toBe(200);
  });

  it('approves two slips of one order at the same time: both when they add up, one when together they pay too much', async () => {
    const exact = await newOrder();
    const [a, b] = [await slipOf(exact, '300'), await slipOf(exact, '209')];
    const both = await Promise.all([approve(a), approve(b)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await order(exact)).toMatchObject({ status: 'paid', paidAmount: 509, owedAmount: 0 });
    const [{ n }] = await q<{ n: string }>(
      sql`select count(*) as n from order_events where order_id = ${exact} and to_status = 'paid'`,
    );
    expect(Number(n)).toBe(1);

    const over = await newOrder();
    const [c, d] = [await slipOf(over, '300'), await slipOf(over, '300')];
    const res = await Promise.all([approve(c), approve(d)]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(res.find((r) => r.statusCode === 409)!.json().message).toMatch(
      /more than order .* still owes \(209\.00 THB\)/,
    );
    expect(await order(over)).toMatchObject({ status: 'pending_payment', paidAmount: 300, owedAmount: 209 });
    const statuses = await q<{ status: string }>(
      sql`select status from payment_slips where order_id = ${over} order by status`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['approved', 'pending']);
  });

  it('leaves approval to staff: a supplier gets 403', async () => {
    const id = await newOrder();
    const slip = await slipOf(id, '10');
    const res = await inj('POST', '/api/order/approveslip', { id: slip }, await t.headers('supplier1'));
    expect(res.statusCode).toBe(403);
    expect(await order(id)).toMatchObject({ paidAmount: 0, owedAmount: 509 });
  });
});
