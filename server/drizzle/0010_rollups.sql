-- Dashboard rollups kept by statement-level triggers, in the same transaction as every write on orders and
-- order_items (the model: 0002_order_status_counters.sql), so no dashboard read scans the order table.
--   order_daily_stats   per Bangkok day, shop, channel, status: orders, items (orders.item_count), revenue (orders.total)
--   product_daily_sales per Bangkok day and product, orders not cancelled: units (qty) and revenue (amount);
--                       shop_id is the order's shop; items with no product are left out.
-- Deltas are summed per key and applied in key order (order_daily_stats first, then product_daily_sales), so
-- concurrent writers lock rollup rows in one fixed order and do not deadlock. Rows that fall to zero stay.
CREATE FUNCTION bangkok_day(t timestamptz) RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (t AT TIME ZONE 'Asia/Bangkok')::date
$$;
--> statement-breakpoint
CREATE FUNCTION order_rollups_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A new order has no items yet (they reference it), so only the daily stats move.
  INSERT INTO order_daily_stats (day, shop_id, channel, status, orders, items, revenue)
  SELECT bangkok_day(created_at), shop_id, channel, status, count(*), sum(item_count), sum(total)
  FROM order_rollup_new GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, shop_id, channel, status) DO UPDATE SET orders = order_daily_stats.orders + EXCLUDED.orders,
    items = order_daily_stats.items + EXCLUDED.items, revenue = order_daily_stats.revenue + EXCLUDED.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_rollups_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_daily_stats (day, shop_id, channel, status, orders, items, revenue)
  SELECT day, shop_id, channel, status, sum(n), sum(items), sum(revenue) FROM (
    SELECT bangkok_day(o.created_at) AS day, o.shop_id, o.channel, o.status, -1 AS n, -o.item_count AS items, -o.total AS revenue
      FROM order_rollup_old o JOIN order_rollup_new x ON x.id = o.id
      WHERE (o.created_at, o.shop_id, o.channel, o.status, o.item_count, o.total) IS DISTINCT FROM (x.created_at, x.shop_id, x.channel, x.status, x.item_count, x.total)
    UNION ALL
    SELECT bangkok_day(x.created_at), x.shop_id, x.channel, x.status, 1, x.item_count, x.total
      FROM order_rollup_old o JOIN order_rollup_new x ON x.id = o.id
      WHERE (o.created_at, o.shop_id, o.channel, o.status, o.item_count, o.total) IS DISTINCT FROM (x.created_at, x.shop_id, x.channel, x.status, x.item_count, x.total)
  ) d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(items) <> 0 OR sum(revenue) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, shop_id, channel, status) DO UPDATE SET orders = order_daily_stats.orders + EXCLUDED.orders,
    items = order_daily_stats.items + EXCLUDED.items, revenue = order_daily_stats.revenue + EXCLUDED.revenue;
  -- Product sales move when an order is cancelled or restored, or changes day or shop: its items leave the
  -- old key and join the new one.
  INSERT INTO product_daily_sales (day, product_id, shop_id, units, revenue)
  SELECT day, product_id, max(shop_id), sum(units), sum(revenue) FROM (
    SELECT bangkok_day(o.created_at) AS day, i.product_id, o.shop_id, -i.qty AS units, -i.amount AS revenue
      FROM order_rollup_old o JOIN order_rollup_new x ON x.id = o.id JOIN order_items i ON i.order_id = o.id
      WHERE i.product_id IS NOT NULL AND o.status <> 'cancelled'
        AND (x.status = 'cancelled' OR bangkok_day(o.created_at) <> bangkok_day(x.created_at) OR o.shop_id <> x.shop_id)
    UNION ALL
    SELECT bangkok_day(x.created_at), i.product_id, x.shop_id, i.qty, i.amount
      FROM order_rollup_old o JOIN order_rollup_new x ON x.id = o.id JOIN order_items i ON i.order_id = x.id
      WHERE i.product_id IS NOT NULL AND x.status <> 'cancelled'
        AND (o.status = 'cancelled' OR bangkok_day(o.created_at) <> bangkok_day(x.created_at) OR o.shop_id <> x.shop_id)
  ) d GROUP BY 1, 2 HAVING sum(units) <> 0 OR sum(revenue) <> 0 ORDER BY 1, 2
  ON CONFLICT (day, product_id) DO UPDATE SET units = product_daily_sales.units + EXCLUDED.units,
    revenue = product_daily_sales.revenue + EXCLUDED.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_rollups_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_daily_stats (day, shop_id, channel, status, orders, items, revenue)
  SELECT bangkok_day(created_at), shop_id, channel, status, -count(*), -sum(item_count), -sum(total)
  FROM order_rollup_old GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, shop_id, channel, status) DO UPDATE SET orders = order_daily_stats.orders + EXCLUDED.orders,
    items = order_daily_stats.items + EXCLUDED.items, revenue = order_daily_stats.revenue + EXCLUDED.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The foreign key's cascade deletes an order's items after the order is gone, when their day and status can no
-- longer be read; deleting them first (while the order is still there) lets the item trigger take their sales off.
CREATE FUNCTION order_rollups_items_first() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_items WHERE order_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_item_rollups_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_daily_sales (day, product_id, shop_id, units, revenue)
  SELECT bangkok_day(o.created_at), i.product_id, max(o.shop_id), sum(i.qty), sum(i.amount)
  FROM order_item_rollup_new i JOIN orders o ON o.id = i.order_id
  WHERE i.product_id IS NOT NULL AND o.status <> 'cancelled'
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, product_id) DO UPDATE SET units = product_daily_sales.units + EXCLUDED.units,
    revenue = product_daily_sales.revenue + EXCLUDED.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_item_rollups_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most item updates only tick the ready flag: rows whose order, product, qty and amount stay are skipped.
  INSERT INTO product_daily_sales (day, product_id, shop_id, units, revenue)
  SELECT day, product_id, max(shop_id), sum(units), sum(revenue) FROM (
    SELECT bangkok_day(o.created_at) AS day, i.product_id, o.shop_id, -i.qty AS units, -i.amount AS revenue
      FROM order_item_rollup_old i JOIN order_item_rollup_new x ON x.id = i.id JOIN orders o ON o.id = i.order_id
      WHERE i.product_id IS NOT NULL AND o.status <> 'cancelled'
        AND (i.order_id, i.product_id, i.qty, i.amount) IS DISTINCT FROM (x.order_id, x.product_id, x.qty, x.amount)
    UNION ALL
    SELECT bangkok_day(o.created_at), x.product_id, o.shop_id, x.qty, x.amount
      FROM order_item_rollup_old i JOIN order_item_rollup_new x ON x.id = i.id JOIN orders o ON o.id = x.order_id
      WHERE x.product_id IS NOT NULL AND o.status <> 'cancelled'
        AND (i.order_id, i.product_id, i.qty, i.amount) IS DISTINCT FROM (x.order_id, x.product_id, x.qty, x.amount)
  ) d GROUP BY 1, 2 HAVING sum(units) <> 0 OR sum(revenue) <> 0 ORDER BY 1, 2
  ON CONFLICT (day, product_id) DO UPDATE SET units = product_daily_sales.units + EXCLUDED.units,
    revenue = product_daily_sales.revenue + EXCLUDED.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_item_rollups_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_daily_sales (day, product_id, shop_id, units, revenue)
  SELECT bangkok_day(o.created_at), i.product_id, max(o.shop_id), -sum(i.qty), -sum(i.amount)
  FROM order_item_rollup_old i JOIN orders o ON o.id = i.order_id
  WHERE i.product_id IS NOT NULL AND o.status <> 'cancelled'
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, product_id) DO UPDATE SET units = product_daily_sales.units + EXCLUDED.units,
    revenue = product_daily_sales.revenue + EXCLUDED.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_rollups_insert AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS order_rollup_new FOR EACH STATEMENT EXECUTE FUNCTION order_rollups_insert();
--> statement-breakpoint
CREATE TRIGGER orders_rollups_update AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS order_rollup_old NEW TABLE AS order_rollup_new FOR EACH STATEMENT EXECUTE FUNCTION order_rollups_update();
--> statement-breakpoint
CREATE TRIGGER orders_rollups_delete AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS order_rollup_old FOR EACH STATEMENT EXECUTE FUNCTION order_rollups_delete();
--> statement-breakpoint
CREATE TRIGGER orders_rollups_items_first BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION order_rollups_items_first();
--> statement-breakpoint
CREATE TRIGGER order_items_rollups_insert AFTER INSERT ON "order_items"
  REFERENCING NEW TABLE AS order_item_rollup_new FOR EACH STATEMENT EXECUTE FUNCTION order_item_rollups_insert();
--> statement-breakpoint
CREATE TRIGGER order_items_rollups_update AFTER UPDATE ON "order_items"
  REFERENCING OLD TABLE AS order_item_rollup_old NEW TABLE AS order_item_rollup_new FOR EACH STATEMENT EXECUTE FUNCTION order_item_rollups_update();
--> statement-breakpoint
CREATE TRIGGER order_items_rollups_delete AFTER DELETE ON "order_items"
  REFERENCING OLD TABLE AS order_item_rollup_old FOR EACH STATEMENT EXECUTE FUNCTION order_item_rollups_delete();
--> statement-breakpoint
-- Backfill: the rollups of the orders already stored.
INSERT INTO order_daily_stats (day, shop_id, channel, status, orders, items, revenue)
SELECT bangkok_day(created_at), shop_id, channel, status, count(*), sum(item_count), sum(total) FROM "orders" GROUP BY 1, 2, 3, 4
ON CONFLICT (day, shop_id, channel, status) DO UPDATE SET orders = EXCLUDED.orders, items = EXCLUDED.items, revenue = EXCLUDED.revenue;
--> statement-breakpoint
INSERT INTO product_daily_sales (day, product_id, shop_id, units, revenue)
SELECT bangkok_day(o.created_at), i.product_id, max(o.shop_id), sum(i.qty), sum(i.amount)
FROM "order_items" i JOIN "orders" o ON o.id = i.order_id
WHERE i.product_id IS NOT NULL AND o.status <> 'cancelled' GROUP BY 1, 2
ON CONFLICT (day, product_id) DO UPDATE SET units = EXCLUDED.units, revenue = EXCLUDED.revenue;
