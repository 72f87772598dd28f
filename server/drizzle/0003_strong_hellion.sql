CREATE TABLE "attribute_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon_url" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"extra" jsonb,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gp_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_code" text NOT NULL,
	"name" text NOT NULL,
	"uom" text NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"product_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gp_items_item_code_unique" UNIQUE("item_code")
);
--> statement-breakpoint
CREATE TABLE "gp_purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"po_no" text NOT NULL,
	"gp_item_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"status" text NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "install_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level1_id" integer,
	"product_id" integer,
	"price" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_attributes" (
	"product_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"item_id" integer,
	CONSTRAINT "product_attributes_product_id_attribute_id_pk" PRIMARY KEY("product_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "product_image_edit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"image_id" integer,
	"action" text NOT NULL,
	"note" text,
	"status" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"old_price" numeric(12, 2) NOT NULL,
	"new_price" numeric(12, 2) NOT NULL,
	"reason" text,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"size_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_tis_docs" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"tis_id" integer NOT NULL,
	"url" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_visibility" (
	"product_id" integer NOT NULL,
	"channel" text NOT NULL,
	"visible" boolean NOT NULL,
	CONSTRAINT "product_visibility_product_id_channel_pk" PRIMARY KEY("product_id","channel")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "level1_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "level2_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "warranty_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "color_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "dimension_unit_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_unit_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "volume" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "volume_unit_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_type_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tis_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tile_size_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "youtube_url" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "key_highlights" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "image_edit_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_new" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "attribute_items" ADD CONSTRAINT "attribute_items_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_items" ADD CONSTRAINT "gp_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_purchase_orders" ADD CONSTRAINT "gp_purchase_orders_gp_item_id_gp_items_id_fk" FOREIGN KEY ("gp_item_id") REFERENCES "public"."gp_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_rates" ADD CONSTRAINT "install_rates_level1_id_master_data_id_fk" FOREIGN KEY ("level1_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_rates" ADD CONSTRAINT "install_rates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_item_id_attribute_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."attribute_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_image_edit_log" ADD CONSTRAINT "product_image_edit_log_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_image_edit_log" ADD CONSTRAINT "product_image_edit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_history" ADD CONSTRAINT "product_price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_history" ADD CONSTRAINT "product_price_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_rooms" ADD CONSTRAINT "product_rooms_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_rooms" ADD CONSTRAINT "product_rooms_room_id_master_data_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_rooms" ADD CONSTRAINT "product_rooms_size_id_master_data_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tis_docs" ADD CONSTRAINT "product_tis_docs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tis_docs" ADD CONSTRAINT "product_tis_docs_tis_id_master_data_id_fk" FOREIGN KEY ("tis_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_visibility" ADD CONSTRAINT "product_visibility_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribute_items_attr" ON "attribute_items" USING btree ("attribute_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_name_lower" ON "attributes" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "master_data_type_code" ON "master_data" USING btree ("type","code");--> statement-breakpoint
CREATE INDEX "master_data_type_sort" ON "master_data" USING btree ("type","sort");--> statement-breakpoint
CREATE INDEX "gp_items_product" ON "gp_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "gp_purchase_orders_item" ON "gp_purchase_orders" USING btree ("gp_item_id","ordered_at");--> statement-breakpoint
CREATE INDEX "product_image_edit_log_product" ON "product_image_edit_log" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "product_media_product" ON "product_media" USING btree ("product_id","kind","sort");--> statement-breakpoint
CREATE INDEX "product_price_history_product" ON "product_price_history" USING btree ("product_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_rooms_product_room" ON "product_rooms" USING btree ("product_id","room_id");--> statement-breakpoint
CREATE INDEX "product_tis_docs_product" ON "product_tis_docs" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_master_data_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_level1_id_master_data_id_fk" FOREIGN KEY ("level1_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_level2_id_master_data_id_fk" FOREIGN KEY ("level2_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_id_master_data_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_warranty_id_master_data_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_color_id_master_data_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dimension_unit_id_master_data_id_fk" FOREIGN KEY ("dimension_unit_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_unit_id_master_data_id_fk" FOREIGN KEY ("weight_unit_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_volume_unit_id_master_data_id_fk" FOREIGN KEY ("volume_unit_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shipping_type_id_master_data_id_fk" FOREIGN KEY ("shipping_type_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tis_id_master_data_id_fk" FOREIGN KEY ("tis_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tile_size_id_master_data_id_fk" FOREIGN KEY ("tile_size_id") REFERENCES "public"."master_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_approval" ON "products" USING btree ("approval_status");--> statement-breakpoint
CREATE INDEX "products_created" ON "products" USING btree ("created_at");