import {
  PAYOUT_HOLD_DAYS,
  PAYOUT_REAUTH_MESSAGE,
  payoutLines,
  type Payout,
  type PayoutAccount,
  type PayoutAccountRequest,
  type PayoutsAnswer,
} from '@academy/contracts';
import { OutboxWriter, type AuthUser } from '@academy/service-core';
import { ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';
import { PayoutJob, type PayoutAccountChangedEvent } from '../queue/commerce-jobs.js';
import { RazorpayGateway, type GatewayTransfer } from '../razorpay/razorpay-gateway.js';

type Rows<T> = T[];

interface AccountRow {
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

const PAYOUT_COLUMNS = `"id", "educator_id", to_char("run_day", 'YYYY-MM-DD') AS "run_day", to_char("sales_from", 'YYYY-MM-DD') AS "sales_from",
  to_char("sales_to", 'YYYY-MM-DD') AS "sales_to", "gross_paise", "refunds_paise", "fee_paise", "tds_paise", "net_paise", "fee_percent",
  "tds_percent", "status", "linked_account_id", "transfer_id", "created_at", "paid_at"`;

/** A transfer made before a crash but not recorded is found among the newest transfers by the payout id in its notes. */
const TRANSFER_LOOKBACK_PAGES = 5;

/** Today as an Indian day, yyyy-mm-dd. */
export function indianToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    salesFrom: row.sales_from,
    salesTo: row.sales_to,
    grossPaise: Number(row.gross_paise),
    refundsPaise: Number(row.refunds_paise),
    feePaise: Number(row.fee_paise),
    tdsPaise: Number(row.tds_paise),
    netPaise: Number(row.net_paise),
    status: row.status,
    transferId: row.transfer_id,
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
  };
}

/**
 * Educator payouts through Razorpay Route. Each week every educator with a payout account is paid what their
 * ledger earned and is past the refund window, less the refunds since, the platform fee and TDS. Every ledger
 * entry and reversal is claimed by exactly one payout, so a payout is exact and running a week twice pays nothing
 * more. The transfer is a job of its own: retried when Razorpay fails, never made twice.
 */
@Injectable()
export class PayoutsService {
  private readonly logger = new Logger(PayoutsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly gateway: RazorpayGateway,
    private readonly outbox: OutboxWriter,
    @InjectCommerceConfig() private readonly config: CommerceConfig,
  ) {}

  async account(educatorId: string): Promise<PayoutAccount | null> {
    const [row]: Rows<AccountRow> = await this.dataSource.query(`SELECT * FROM "commerce"."payout_accounts" WHERE "educator_id" = $1`, [educatorId]);
    return row ? { beneficiaryName: row.beneficiary_name, accountNumberLast4: row.account_last4, ifsc: row.ifsc, updatedAt: new Date(row.updated_at).toISOString() } : null;
  }

  /**
   * Adds the educator's payout account (a Route linked account settling to it), or changes the bank account of an
   * existing one, which needs a recent sign-in and is mailed to the educator.
   */
  async saveAccount(educator: AuthUser, request: Required<Pick<PayoutAccountRequest, 'beneficiaryName' | 'accountNumber' | 'ifsc'>>): Promise<PayoutAccount> {
    const [existing]: Rows<AccountRow> = await this.dataSource.query(`SELECT * FROM "commerce"."payout_accounts" WHERE "educator_id" = $1`, [educator.id]);
    if (existing) {
      const signedInSecondsAgo = educator.authTime === undefined ? Infinity : Date.now() / 1000 - educator.authTime;
      if (signedInSecondsAgo > this.config.PAYOUT_ACCOUNT_REAUTH_SECONDS) throw new ForbiddenException(PAYOUT_REAUTH_MESSAGE);
    }
    const ids = existing
      ? { accountId: existing.linked_account_id, productId: existing.route_product_id }
      : await this.gateway.createLinkedAccount({ email: educator.email, name: request.beneficiaryName, referenceId: educator.id.replace(/[^A-Za-z0-9]/g, '').slice(-20) });
    await this.gateway.setSettlementAccount(ids.accountId, ids.productId, request);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO "commerce"."payout_accounts" ("educator_id", "educator_email", "beneficiary_name", "account_last4", "ifsc", "linked_account_id", "route_product_id")
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT ("educator_id") DO UPDATE SET "educator_email" = EXCLUDED."educator_email", "beneficiary_name" = EXCLUDED."beneficiary_name",
           "account_last4" = EXCLUDED."account_last4", "ifsc" = EXCLUDED."ifsc", "updated_at" = now()`,
        [educator.id, educator.email, request.beneficiaryName, request.accountNumber.slice(-4), request.ifsc, ids.accountId, ids.productId],
      );
      await this.outbox.add<PayoutAccountChangedEvent>(manager, {
        topic: PayoutJob.AccountChanged,
        key: `${educator.id}|${Date.now()}`,
        payload: {
          educatorId: educator.id,
          email: educator.email,
          name: educator.name,
          beneficiaryName: request.beneficiaryName,
          accountNumberLast4: request.accountNumber.slice(-4),
          ifsc: request.ifsc,
          added: !existing,
          changedAt: new Date().toISOString(),
        },
      });
    });
    return (await this.account(educator.id))!;
  }

  async list(educatorId: string, today = indianToday()): Promise<Omit<PayoutsAnswer, 'success'>> {
    const rows: Rows<PayoutRow> = await this.dataSource.query(
      `SELECT ${PAYOUT_COLUMNS} FROM "commerce"."payouts" WHERE "educator_id" = $1 ORDER BY "run_day" DESC LIMIT 104`,
      [educatorId],
    );
    const [unpaid]: Rows<{ settled: string; held: string; refunds: string }> = await this.dataSource.query(
      `SELECT
         (SELECT COALESCE(SUM("amount_paise"), 0) FROM "commerce"."earnings_ledger" WHERE "educator_id" = $1 AND "payout_id" IS NULL AND "day" < $2::date - $3::int) AS "settled",
         (SELECT COALESCE(SUM("amount_paise"), 0) FROM "commerce"."earnings_ledger" WHERE "educator_id" = $1 AND "payout_id" IS NULL AND "day" >= $2::date - $3::int) AS "held",
         (SELECT COALESCE(-SUM("amount_paise"), 0) FROM "commerce"."earnings_reversals" WHERE "educator_id" = $1 AND "payout_id" IS NULL) AS "refunds"`,
      [educatorId, today, PAYOUT_HOLD_DAYS],
    );
    return {
      payouts: rows.map(toPayout),
      settledUnpaidPaise: Number(unpaid!.settled) - Number(unpaid!.refunds),
      heldPaise: Number(unpaid!.held),
      feePercent: this.config.PAYOUT_FEE_PERCENT,
      tdsPercent: this.config.PAYOUT_TDS_PERCENT,
    };
  }

  /** One payout of the educator's with the account it was paid to (404 for anyone else's). */
  async payoutOf(educatorId: string, payoutId: string): Promise<{ payout: PayoutRow; account: PayoutAccount }> {
    const [row]: Rows<PayoutRow> = await this.dataSource.query(`SELECT ${PAYOUT_COLUMNS} FROM "commerce"."payouts" WHERE "id" = $1 AND "educator_id" = $2`, [payoutId, educatorId]);
    const account = row ? await this.account(educatorId) : null;
    if (!row || !account) throw new NotFoundException('No such payout');
    return { payout: row, account };
  }

  /**
   * The weekly run for every educator with a payout account: one payout each for `runDay` (an Indian day), or none
   * when nothing is due. Returns the pending payouts to transfer (this run's and any earlier one not paid yet).
   */
  async runWeek(runDay: string): Promise<string[]> {
    const educators: Rows<{ educator_id: string }> = await this.dataSource.query(`SELECT "educator_id" FROM "commerce"."payout_accounts" ORDER BY "educator_id"`);
    for (const { educator_id } of educators) await this.createPayout(educator_id, runDay);
    const pending: Rows<{ id: string }> = await this.dataSource.query(`SELECT "id" FROM "commerce"."payouts" WHERE "status" <> 'paid' ORDER BY "created_at"`);
    return pending.map((row) => row.id);
  }

  /** One educator's payout for a run day, made at most once; null when nothing (at least ₹1) is due. */
  async createPayout(educatorId: string, runDay: string): Promise<string | null> {
    return this.dataSource.transaction(async (manager) => {
      // One run per educator at a time: the account row is the lock.
      const [account]: Rows<AccountRow> = await manager.query(`SELECT * FROM "commerce"."payout_accounts" WHERE "educator_id" = $1 FOR UPDATE`, [educatorId]);
      if (!account) return null;
      const [done]: Rows<{ id: string }> = await manager.query(`SELECT "id" FROM "commerce"."payouts" WHERE "educator_id" = $1 AND "run_day" = $2`, [educatorId, runDay]);
      if (done) return done.id;
      // A sale of day D may be refunded until D + 7: it is paid once that window has closed before the run day.
      const salesWhere = `"educator_id" = $1 AND "payout_id" IS NULL AND "day" < $2::date - ${PAYOUT_HOLD_DAYS}`;
      const refundsWhere = `"educator_id" = $1 AND "payout_id" IS NULL AND "day" < $2::date`;
      const [sales]: Rows<{ gross: string; first: string | null; last: string | null }> = await manager.query(
        `SELECT COALESCE(SUM("amount_paise"), 0) AS "gross", to_char(MIN("day"), 'YYYY-MM-DD') AS "first", to_char(MAX("day"), 'YYYY-MM-DD') AS "last"
           FROM "commerce"."earnings_ledger" WHERE ${salesWhere}`,
        [educatorId, runDay],
      );
      const [refunds]: Rows<{ total: string; first: string | null; last: string | null }> = await manager.query(
        `SELECT COALESCE(-SUM("amount_paise"), 0) AS "total", to_char(MIN("day"), 'YYYY-MM-DD') AS "first", to_char(MAX("day"), 'YYYY-MM-DD') AS "last"
           FROM "commerce"."earnings_reversals" WHERE ${refundsWhere}`,
        [educatorId, runDay],
      );
      const grossPaise = Number(sales!.gross);
      const refundsPaise = Number(refunds!.total);
      const lines = payoutLines({ grossPaise, refundsPaise, feePercent: this.config.PAYOUT_FEE_PERCENT, tdsPercent: this.config.PAYOUT_TDS_PERCENT });
      // Razorpay transfers at least ₹1; less (or refunds above the sales) waits for a later week.
      if (lines.netPaise < 100) return null;
      const days = [sales!.first, sales!.last, refunds!.first, refunds!.last].filter((day): day is string => day !== null).sort();
      const [payout]: Rows<{ id: string }> = await manager.query(
        `INSERT INTO "commerce"."payouts" ("educator_id", "run_day", "sales_from", "sales_to", "gross_paise", "refunds_paise", "fee_paise", "tds_paise",
           "net_paise", "fee_percent", "tds_percent", "linked_account_id")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING "id"`,
        [educatorId, runDay, days[0], days[days.length - 1], grossPaise, refundsPaise, lines.feePaise, lines.tdsPaise, lines.netPaise,
          this.config.PAYOUT_FEE_PERCENT, this.config.PAYOUT_TDS_PERCENT, account.linked_account_id],
      );
      await manager.query(`UPDATE "commerce"."earnings_ledger" SET "payout_id" = $3 WHERE ${salesWhere}`, [educatorId, runDay, payout!.id]);
      await manager.query(`UPDATE "commerce"."earnings_reversals" SET "payout_id" = $3 WHERE ${refundsWhere}`, [educatorId, runDay, payout!.id]);
      this.logger.log(`payout ${payout!.id} for ${educatorId}: ${lines.netPaise} paise net of ${grossPaise} gross`);
      return payout!.id;
    });
  }

  /**
   * Moves a payout's money to the educator's linked account, once. The payout row stays locked while Razorpay is
   * asked, so two attempts never overlap; a transfer made just before a crash is found by its notes, not made again.
   */
  async transfer(payoutId: string, isLastAttempt: boolean): Promise<{ transferId: string; made: boolean }> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const [row]: Rows<PayoutRow> = await manager.query(`SELECT ${PAYOUT_COLUMNS} FROM "commerce"."payouts" WHERE "id" = $1 FOR UPDATE`, [payoutId]);
        if (!row) throw new NotFoundException(`No payout ${payoutId}`);
        if (row.status === 'paid' && row.transfer_id) return { transferId: row.transfer_id, made: false };
        const earlier = await this.findTransfer(payoutId, new Date(row.created_at));
        const transfer = earlier ?? (await this.gateway.createTransfer({ account: row.linked_account_id, amount: Number(row.net_paise), notes: { payout_id: payoutId } }));
        await this.markPaid(manager, payoutId, transfer.id);
        return { transferId: transfer.id, made: earlier === undefined };
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.dataSource.query(
        `UPDATE "commerce"."payouts" SET "attempts" = "attempts" + 1, "last_error" = $2, "status" = CASE WHEN $3 THEN 'failed' ELSE "status" END
          WHERE "id" = $1 AND "status" <> 'paid'`,
        [payoutId, message.slice(0, 500), isLastAttempt],
      );
      throw error;
    }
  }

  private async markPaid(manager: EntityManager, payoutId: string, transferId: string): Promise<void> {
    await manager.query(
      `UPDATE "commerce"."payouts" SET "status" = 'paid', "transfer_id" = $2, "paid_at" = now(), "attempts" = "attempts" + 1, "last_error" = NULL WHERE "id" = $1`,
      [payoutId, transferId],
    );
  }

  private async findTransfer(payoutId: string, createdAt: Date): Promise<GatewayTransfer | undefined> {
    const since = Math.floor(createdAt.getTime() / 1000) - 60;
    for (let page = 0; page < TRANSFER_LOOKBACK_PAGES; page += 1) {
      const transfers = await this.gateway.listTransfers(page * 100, 100);
      const found = transfers.find((transfer) => !Array.isArray(transfer.notes) && transfer.notes.payout_id === payoutId);
      if (found) return found;
      if (transfers.length < 100 || transfers.some((transfer) => transfer.created_at < since)) return undefined;
    }
    return undefined;
  }
}
