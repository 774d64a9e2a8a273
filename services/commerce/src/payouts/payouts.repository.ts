import { PAYOUT_HOLD_DAYS } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

type Rows<T> = T[];

export interface AccountRow {
  educator_id: string;
  educator_email: string;
  beneficiary_name: string;
  account_last4: string;
  ifsc: string;
  linked_account_id: string;
  route_product_id: string;
  updated_at: Date;
}

export interface PayoutRow {
  id: string;
  educator_id: string;
  run_day: string;
  sales_from: string;
  sales_to: string;
  gross_paise: string;
  refunds_paise: string;
  fee_paise: string;
  tds_paise: string;
  net_paise: string;
  fee_percent: string;
  tds_percent: string;
  status: 'pending' | 'paid' | 'failed';
  linked_account_id: string;
  transfer_id: string | null;
  created_at: Date;
  paid_at: Date | null;
}

/** Unclaimed ledger entries (or reversals) summed, with the first and last Indian day they fall on. */
export interface UnclaimedTotal {
  total: string;
  first: string | null;
  last: string | null;
}

/** A payout's figures as the run computed them. */
export interface NewPayout {
  educatorId: string;
  runDay: string;
  salesFrom: string | undefined;
  salesTo: string | undefined;
  grossPaise: number;
  refundsPaise: number;
  feePaise: number;
  tdsPaise: number;
  netPaise: number;
  feePercent: number;
  tdsPercent: number;
  linkedAccountId: string;
}

const PAYOUT_COLUMNS = `"id", "educator_id", to_char("run_day", 'YYYY-MM-DD') AS "run_day", to_char("sales_from", 'YYYY-MM-DD') AS "sales_from",
  to_char("sales_to", 'YYYY-MM-DD') AS "sales_to", "gross_paise", "refunds_paise", "fee_paise", "tds_paise", "net_paise", "fee_percent",
  "tds_percent", "status", "linked_account_id", "transfer_id", "created_at", "paid_at"`;

// A sale of day D may be refunded until D + 7: it is paid once that window has closed before the run day
// ($1 educator, $2 run day). A refund is taken off the first run after its day.
const UNCLAIMED_SALES = `"educator_id" = $1 AND "payout_id" IS NULL AND "day" < $2::date - ${PAYOUT_HOLD_DAYS}`;
const UNCLAIMED_REFUNDS = `"educator_id" = $1 AND "payout_id" IS NULL AND "day" < $2::date`;

/**
 * commerce.payout_accounts and commerce.payouts, and the claim each payout puts on the ledger entries and
 * reversals it pays (their `payout_id`). Methods taking an EntityManager run inside the caller's transaction.
 */
@Injectable()
export class PayoutsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async account(educatorId: string): Promise<AccountRow | undefined> {
    const [row]: Rows<AccountRow> = await this.dataSource.query(`SELECT * FROM "commerce"."payout_accounts" WHERE "educator_id" = $1`, [educatorId]);
    return row;
  }

  /** The account row, locked until the transaction ends (one payout run per educator at a time). */
  async lockAccount(manager: EntityManager, educatorId: string): Promise<AccountRow | undefined> {
    const [row]: Rows<AccountRow> = await manager.query(`SELECT * FROM "commerce"."payout_accounts" WHERE "educator_id" = $1 FOR UPDATE`, [educatorId]);
    return row;
  }

  async saveAccount(
    manager: EntityManager,
    account: { educatorId: string; email: string; beneficiaryName: string; accountLast4: string; ifsc: string; linkedAccountId: string; routeProductId: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "commerce"."payout_accounts" ("educator_id", "educator_email", "beneficiary_name", "account_last4", "ifsc", "linked_account_id", "route_product_id")
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ("educator_id") DO UPDATE SET "educator_email" = EXCLUDED."educator_email", "beneficiary_name" = EXCLUDED."beneficiary_name",
         "account_last4" = EXCLUDED."account_last4", "ifsc" = EXCLUDED."ifsc", "updated_at" = now()`,
      [account.educatorId, account.email, account.beneficiaryName, account.accountLast4, account.ifsc, account.linkedAccountId, account.routeProductId],
    );
  }

  async educatorsWithAccount(): Promise<string[]> {
    const rows: Rows<{ educator_id: string }> = await this.dataSource.query(`SELECT "educator_id" FROM "commerce"."payout_accounts" ORDER BY "educator_id"`);
    return rows.map((row) => row.educator_id);
  }

  /** The educator's latest payouts (two years of weeks), newest first. */
  latestOf(educatorId: string): Promise<PayoutRow[]> {
    return this.dataSource.query(`SELECT ${PAYOUT_COLUMNS} FROM "commerce"."payouts" WHERE "educator_id" = $1 ORDER BY "run_day" DESC LIMIT 104`, [educatorId]);
  }

  /** What no payout has claimed yet: sales past the hold on `today`, sales still held, refunds. */
  async unclaimedOf(educatorId: string, today: string): Promise<{ settled: string; held: string; refunds: string }> {
    const [unpaid]: Rows<{ settled: string; held: string; refunds: string }> = await this.dataSource.query(
      `SELECT
         (SELECT COALESCE(SUM("amount_paise"), 0) FROM "commerce"."earnings_ledger" WHERE "educator_id" = $1 AND "payout_id" IS NULL AND "day" < $2::date - $3::int) AS "settled",
         (SELECT COALESCE(SUM("amount_paise"), 0) FROM "commerce"."earnings_ledger" WHERE "educator_id" = $1 AND "payout_id" IS NULL AND "day" >= $2::date - $3::int) AS "held",
         (SELECT COALESCE(-SUM("amount_paise"), 0) FROM "commerce"."earnings_reversals" WHERE "educator_id" = $1 AND "payout_id" IS NULL) AS "refunds"`,
      [educatorId, today, PAYOUT_HOLD_DAYS],
    );
    return unpaid!;
  }

  async ofEducator(educatorId: string, payoutId: string): Promise<PayoutRow | undefined> {
    const [row]: Rows<PayoutRow> = await this.dataSource.query(`SELECT ${PAYOUT_COLUMNS} FROM "commerce"."payouts" WHERE "id" = $1 AND "educator_id" = $2`, [
      payoutId,
      educatorId,
    ]);
    return row;
  }

  /** Payouts not paid yet (pending or failed), oldest first. */
  async unpaidIds(): Promise<string[]> {
    const pending: Rows<{ id: string }> = await this.dataSource.query(`SELECT "id" FROM "commerce"."payouts" WHERE "status" <> 'paid' ORDER BY "created_at"`);
    return pending.map((row) => row.id);
  }

  async idOfRun(manager: EntityManager, educatorId: string, runDay: string): Promise<string | undefined> {
    const [done]: Rows<{ id: string }> = await manager.query(`SELECT "id" FROM "commerce"."payouts" WHERE "educator_id" = $1 AND "run_day" = $2`, [
      educatorId,
      runDay,
    ]);
    return done?.id;
  }

  /** Sales of the educator no payout claimed whose refund window closed before the run day. */
  async unclaimedSales(manager: EntityManager, educatorId: string, runDay: string): Promise<UnclaimedTotal> {
    const [sales]: Rows<UnclaimedTotal> = await manager.query(
      `SELECT COALESCE(SUM("amount_paise"), 0) AS "total", to_char(MIN("day"), 'YYYY-MM-DD') AS "first", to_char(MAX("day"), 'YYYY-MM-DD') AS "last"
         FROM "commerce"."earnings_ledger" WHERE ${UNCLAIMED_SALES}`,
      [educatorId, runDay],
    );
    return sales!;
  }

  /** Refunds of the educator's sales no payout claimed, made before the run day (the total is positive). */
  async unclaimedRefunds(manager: EntityManager, educatorId: string, runDay: string): Promise<UnclaimedTotal> {
    const [refunds]: Rows<UnclaimedTotal> = await manager.query(
      `SELECT COALESCE(-SUM("amount_paise"), 0) AS "total", to_char(MIN("day"), 'YYYY-MM-DD') AS "first", to_char(MAX("day"), 'YYYY-MM-DD') AS "last"
         FROM "commerce"."earnings_reversals" WHERE ${UNCLAIMED_REFUNDS}`,
      [educatorId, runDay],
    );
    return refunds!;
  }

  /** Inserts the payout and claims for it every ledger entry and reversal its figures were summed from. */
  async insertClaiming(manager: EntityManager, payout: NewPayout): Promise<string> {
    const [row]: Rows<{ id: string }> = await manager.query(
      `INSERT INTO "commerce"."payouts" ("educator_id", "run_day", "sales_from", "sales_to", "gross_paise", "refunds_paise", "fee_paise", "tds_paise",
         "net_paise", "fee_percent", "tds_percent", "linked_account_id")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING "id"`,
      [payout.educatorId, payout.runDay, payout.salesFrom, payout.salesTo, payout.grossPaise, payout.refundsPaise, payout.feePaise, payout.tdsPaise,
        payout.netPaise, payout.feePercent, payout.tdsPercent, payout.linkedAccountId],
    );
    const payoutId = row!.id;
    await manager.query(`UPDATE "commerce"."earnings_ledger" SET "payout_id" = $3 WHERE ${UNCLAIMED_SALES}`, [payout.educatorId, payout.runDay, payoutId]);
    await manager.query(`UPDATE "commerce"."earnings_reversals" SET "payout_id" = $3 WHERE ${UNCLAIMED_REFUNDS}`, [payout.educatorId, payout.runDay, payoutId]);
    return payoutId;
  }

  /** The payout, locked until the transaction ends (two transfer attempts never overlap). */
  async lockPayout(manager: EntityManager, payoutId: string): Promise<PayoutRow | undefined> {
    const [row]: Rows<PayoutRow> = await manager.query(`SELECT ${PAYOUT_COLUMNS} FROM "commerce"."payouts" WHERE "id" = $1 FOR UPDATE`, [payoutId]);
    return row;
  }

  async markPaid(manager: EntityManager, payoutId: string, transferId: string): Promise<void> {
    await manager.query(
      `UPDATE "commerce"."payouts" SET "status" = 'paid', "transfer_id" = $2, "paid_at" = now(), "attempts" = "attempts" + 1, "last_error" = NULL WHERE "id" = $1`,
      [payoutId, transferId],
    );
  }

  /** A transfer attempt that failed; the last one makes the payout `failed`. */
  async recordFailedTransfer(payoutId: string, error: string, isLastAttempt: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE "commerce"."payouts" SET "attempts" = "attempts" + 1, "last_error" = $2, "status" = CASE WHEN $3 THEN 'failed' ELSE "status" END
        WHERE "id" = $1 AND "status" <> 'paid'`,
      [payoutId, error.slice(0, 500), isLastAttempt],
    );
  }
}
