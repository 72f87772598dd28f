DROP INDEX "orders_shop_created";--> statement-breakpoint
CREATE INDEX "orders_shop_created" ON "orders" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);