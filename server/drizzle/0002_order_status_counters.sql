-- Order status counters kept by statement-level triggers, in the same transaction as every
-- insert / status change / delete on orders: the list's tab counts never need a GROUP BY at read time.
-- Rows are applied in (shop_id, status) order so concurrent transactions lock counter rows in the same order.
UPDATE "orders" SET "status" = 'pending_payment' WHERE "status" = 'pending';
--> statement-breakpoint
CREATE FUNCTION order_counters_apply_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counters (shop_id, status, n)
  SELECT shop_id, status, count(*) FROM order_counter_new GROUP BY shop_id, status ORDER BY shop_id, status
  ON CONFLICT (shop_id, status) DO UPDATE SET n = order_status_counters.n + EXCLUDED.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_counters_apply_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counters (shop_id, status, n)
  SELECT shop_id, status, sum(d) FROM (
    SELECT o.shop_id, o.status, -1 AS d FROM order_counter_old o JOIN order_counter_new x ON x.id = o.id
      WHERE o.status <> x.status OR o.shop_id <> x.shop_id
    UNION ALL
    SELECT x.shop_id, x.status, 1 AS d FROM order_counter_old o JOIN order_counter_new x ON x.id = o.id
      WHERE o.status <> x.status OR o.shop_id <> x.shop_id
  ) c GROUP BY shop_id, status HAVING sum(d) <> 0 ORDER BY shop_id, status
  ON CONFLICT (shop_id, status) DO UPDATE SET n = order_status_counters.n + EXCLUDED.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_counters_apply_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counters (shop_id, status, n)
  SELECT shop_id, status, -count(*) FROM order_counter_old GROUP BY shop_id, status ORDER BY shop_id, status
  ON CONFLICT (shop_id, status) DO UPDATE SET n = order_status_counters.n + EXCLUDED.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_counters_insert AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS order_counter_new FOR EACH STATEMENT EXECUTE FUNCTION order_counters_apply_insert();
--> statement-breakpoint
CREATE TRIGGER orders_counters_update AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS order_counter_old NEW TABLE AS order_counter_new FOR EACH STATEMENT EXECUTE FUNCTION order_counters_apply_update();
--> statement-breakpoint
CREATE TRIGGER orders_counters_delete AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS order_counter_old FOR EACH STATEMENT EXECUTE FUNCTION order_counters_apply_delete();
--> statement-breakpoint
INSERT INTO order_status_counters (shop_id, status, n)
SELECT shop_id, status, count(*) FROM "orders" GROUP BY shop_id, status
ON CONFLICT (shop_id, status) DO UPDATE SET n = EXCLUDED.n;
