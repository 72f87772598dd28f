ALTER TABLE "order_items" ADD COLUMN "list_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "promotion" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expected_delivery_from" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expected_delivery_to" date;