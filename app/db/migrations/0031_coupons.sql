CREATE TABLE "coupon_uses" (
	"coupon_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"uses" integer NOT NULL,
	CONSTRAINT "coupon_uses_coupon_id_phone_pk" PRIMARY KEY("coupon_id","phone")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"min_subtotal" bigint DEFAULT 0 NOT NULL,
	"max_discount" bigint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"per_customer" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_uses_within_limit" CHECK ("coupons"."max_uses" is null or "coupons"."uses" <= "coupons"."max_uses")
);
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_store_code" ON "coupons" USING btree ("store_id","code");--> statement-breakpoint
-- The spec's two coupons were written into the code for every store; each store keeps them as its own.
INSERT INTO "coupons" ("store_id", "code", "kind", "value", "min_subtotal", "max_discount")
SELECT "id", 'FLAT100', 'flat', 10000, 99900, NULL FROM "stores"
UNION ALL
SELECT "id", 'SAVE10', 'percent', 1000, 0, 50000 FROM "stores";
