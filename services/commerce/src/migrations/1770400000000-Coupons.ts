import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Coupon codes. A code's uses are counted on the coupon row itself (`used_count`), taken by a conditional update
 * that cannot pass `max_uses` (and a CHECK that says so), so concurrent checkouts never exceed the total. Each use
 * is a redemption tied to one purchase: `reserved` while its order awaits payment, `redeemed` once paid,
 * `released` when the purchase is refunded in full or its order expires. A trigger on purchases does the
 * releasing, so every path that closes a purchase (a new order replacing it, reconciliation, a refund) gives the
 * use back without having to remember to. One use per learner: a unique index over the uses not released.
 * Purchases and receipts keep the list price and the discount, so the receipt shows both and GST on the net.
 */
export class Coupons1770400000000 implements MigrationInterface {
  name = 'Coupons1770400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "commerce"."coupons" (
        "id" uuid PRIMARY KEY,
        "code" text NOT NULL CHECK ("code" ~ '^[A-Z0-9][A-Z0-9-]{2,19}$'),
        "educator_id" text NOT NULL,
        "course_id" uuid,
        "course_title" text,
        "kind" text NOT NULL CHECK ("kind" IN ('percent', 'flat')),
        "percent_off" integer CHECK ("percent_off" BETWEEN 1 AND 100),
        "amount_off_paise" bigint CHECK ("amount_off_paise" >= 100),
        "starts_at" timestamptz NOT NULL,
        "ends_at" timestamptz NOT NULL,
        "max_uses" integer NOT NULL CHECK ("max_uses" > 0),
        "used_count" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "coupons_uses_within_total" CHECK ("used_count" BETWEEN 0 AND "max_uses"),
        CONSTRAINT "coupons_ends_after_start" CHECK ("ends_at" > "starts_at"),
        CONSTRAINT "coupons_amount_of_kind" CHECK (("kind" = 'percent') = ("percent_off" IS NOT NULL) AND ("kind" = 'flat') = ("amount_off_paise" IS NOT NULL))
      )`);
    await runner.query(`CREATE UNIQUE INDEX "coupons_code_idx" ON "commerce"."coupons" ("code")`);
    await runner.query(`CREATE INDEX "coupons_educator_idx" ON "commerce"."coupons" ("educator_id", "created_at" DESC)`);
    await runner.query(`
      CREATE TABLE "commerce"."coupon_redemptions" (
        "purchase_id" uuid PRIMARY KEY REFERENCES "commerce"."purchases" ("id"),
        "coupon_id" uuid NOT NULL REFERENCES "commerce"."coupons" ("id"),
        "user_id" text NOT NULL,
        "status" text NOT NULL DEFAULT 'reserved' CHECK ("status" IN ('reserved', 'redeemed', 'released')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "released_at" timestamptz
      )`);
    await runner.query(
      `CREATE UNIQUE INDEX "coupon_redemptions_one_per_learner_idx" ON "commerce"."coupon_redemptions" ("coupon_id", "user_id") WHERE "status" <> 'released'`,
    );
    await runner.query(`ALTER TABLE "commerce"."purchases" ADD COLUMN "list_price_paise" bigint CHECK ("list_price_paise" >= 0)`);
    await runner.query(`ALTER TABLE "commerce"."purchases" ADD COLUMN "discount_paise" bigint NOT NULL DEFAULT 0 CHECK ("discount_paise" >= 0)`);
    await runner.query(`ALTER TABLE "commerce"."purchases" ADD COLUMN "coupon_code" text`);
    await runner.query(`ALTER TABLE "commerce"."receipts" ADD COLUMN "list_price_paise" bigint`);
    await runner.query(`ALTER TABLE "commerce"."receipts" ADD COLUMN "discount_paise" bigint NOT NULL DEFAULT 0`);
    await runner.query(`ALTER TABLE "commerce"."receipts" ADD COLUMN "coupon_code" text`);
    await runner.query(`
      CREATE FUNCTION "commerce"."coupon_use_follows_purchase"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE released_coupon uuid;
      BEGIN
        IF NEW."status" = 'paid' THEN
          UPDATE "commerce"."coupon_redemptions" SET "status" = 'redeemed' WHERE "purchase_id" = NEW."id" AND "status" = 'reserved';
        ELSIF NEW."status" IN ('expired', 'failed', 'refunded') THEN
          UPDATE "commerce"."coupon_redemptions" SET "status" = 'released', "released_at" = now()
           WHERE "purchase_id" = NEW."id" AND "status" <> 'released' RETURNING "coupon_id" INTO released_coupon;
          IF released_coupon IS NOT NULL THEN
            UPDATE "commerce"."coupons" SET "used_count" = "used_count" - 1 WHERE "id" = released_coupon;
          END IF;
        END IF;
        RETURN NEW;
      END $$`);
    await runner.query(`
      CREATE TRIGGER "purchases_coupon_use" AFTER UPDATE OF "status" ON "commerce"."purchases"
        FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "commerce"."coupon_use_follows_purchase"()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER "purchases_coupon_use" ON "commerce"."purchases"`);
    await runner.query(`DROP FUNCTION "commerce"."coupon_use_follows_purchase"()`);
    await runner.query(`ALTER TABLE "commerce"."receipts" DROP COLUMN "coupon_code"`);
    await runner.query(`ALTER TABLE "commerce"."receipts" DROP COLUMN "discount_paise"`);
    await runner.query(`ALTER TABLE "commerce"."receipts" DROP COLUMN "list_price_paise"`);
    await runner.query(`ALTER TABLE "commerce"."purchases" DROP COLUMN "coupon_code"`);
    await runner.query(`ALTER TABLE "commerce"."purchases" DROP COLUMN "discount_paise"`);
    await runner.query(`ALTER TABLE "commerce"."purchases" DROP COLUMN "list_price_paise"`);
    await runner.query(`DROP TABLE "commerce"."coupon_redemptions"`);
    await runner.query(`DROP TABLE "commerce"."coupons"`);
  }
}
