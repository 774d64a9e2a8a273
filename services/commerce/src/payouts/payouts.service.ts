import {
  PAYOUT_REAUTH_MESSAGE,
  payoutLines,
  type Payout,
  type PayoutAccount,
  type PayoutAccountRequest,
  type PayoutsAnswer,
} from '@academy/contracts';
import { OutboxWriter, type AuthUser } from '@academy/service-core';
import { ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';
import { PayoutJob, type PayoutAccountChangedEvent } from '../queue/commerce-jobs.js';
import { RazorpayGateway, type GatewayTransfer } from '../razorpay/razorpay-gateway.js';
import { PayoutsRepository, type PayoutRow } from './payouts.repository.js';

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
    private readonly payouts: PayoutsRepository,
    private readonly gateway: RazorpayGateway,
    private readonly outbox: OutboxWriter,
    @InjectCommerceConfig() private readonly config: CommerceConfig,
  ) {}

  async account(educatorId: string): Promise<PayoutAccount | null> {
    const row = await this.payouts.account(educatorId);
    return row ? { beneficiaryName: row.beneficiary_name, accountNumberLast4: row.account_last4, ifsc: row.ifsc, updatedAt: new Date(row.updated_at).toISOString() } : null;
  }

  /**
   * Adds the educator's payout account (a Route linked account settling to it), or changes the bank account of an
   * existing one, which needs a recent sign-in and is mailed to the educator.
   */
  async saveAccount(educator: AuthUser, request: Required<Pick<PayoutAccountRequest, 'beneficiaryName' | 'accountNumber' | 'ifsc'>>): Promise<PayoutAccount> {
    const existing = await this.payouts.account(educator.id);
    if (existing) {
      const signedInSecondsAgo = educator.authTime === undefined ? Infinity : Date.now() / 1000 - educator.authTime;
      if (signedInSecondsAgo > this.config.PAYOUT_ACCOUNT_REAUTH_SECONDS) throw new ForbiddenException(PAYOUT_REAUTH_MESSAGE);
    }
    const ids = existing
      ? { accountId: existing.linked_account_id, productId: existing.route_product_id }
      : await this.gateway.createLinkedAccount({ email: educator.email, name: request.beneficiaryName, referenceId: educator.id.replace(/[^A-Za-z0-9]/g, '').slice(-20) });
    await this.gateway.setSettlementAccount(ids.accountId, ids.productId, request);
    await this.dataSource.transaction(async (manager) => {
      await this.payouts.saveAccount(manager, {
        educatorId: educator.id,
        email: educator.email,
        beneficiaryName: request.beneficiaryName,
        accountLast4: request.accountNumber.slice(-4),
        ifsc: request.ifsc,
        linkedAccountId: ids.accountId,
        routeProductId: ids.productId,
      });
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
    const rows = await this.payouts.latestOf(educatorId);
    const unpaid = await this.payouts.unclaimedOf(educatorId, today);
    return {
      payouts: rows.map(toPayout),
      settledUnpaidPaise: Number(unpaid.settled) - Number(unpaid.refunds),
      heldPaise: Number(unpaid.held),
      feePercent: this.config.PAYOUT_FEE_PERCENT,
      tdsPercent: this.config.PAYOUT_TDS_PERCENT,
    };
  }

  /** One payout of the educator's with the account it was paid to (404 for anyone else's). */
  async payoutOf(educatorId: string, payoutId: string): Promise<{ payout: PayoutRow; account: PayoutAccount }> {
    const row = await this.payouts.ofEducator(educatorId, payoutId);
    const account = row ? await this.account(educatorId) : null;
    if (!row || !account) throw new NotFoundException('No such payout');
    return { payout: row, account };
  }

  /**
   * The weekly run for every educator with a payout account: one payout each for `runDay` (an Indian day), or none
   * when nothing is due. Returns the pending payouts to transfer (this run's and any earlier one not paid yet).
   */
  async runWeek(runDay: string): Promise<string[]> {
    for (const educatorId of await this.payouts.educatorsWithAccount()) await this.createPayout(educatorId, runDay);
    return this.payouts.unpaidIds();
  }

  /** One educator's payout for a run day, made at most once; null when nothing (at least ₹1) is due. */
  async createPayout(educatorId: string, runDay: string): Promise<string | null> {
    return this.dataSource.transaction(async (manager) => {
      // One run per educator at a time: the account row is the lock.
      const account = await this.payouts.lockAccount(manager, educatorId);
      if (!account) return null;
      const done = await this.payouts.idOfRun(manager, educatorId, runDay);
      if (done) return done;
      // A sale of day D may be refunded until D + 7: it is paid once that window has closed before the run day.
      const sales = await this.payouts.unclaimedSales(manager, educatorId, runDay);
      const refunds = await this.payouts.unclaimedRefunds(manager, educatorId, runDay);
      const grossPaise = Number(sales.total);
      const refundsPaise = Number(refunds.total);
      const lines = payoutLines({ grossPaise, refundsPaise, feePercent: this.config.PAYOUT_FEE_PERCENT, tdsPercent: this.config.PAYOUT_TDS_PERCENT });
      // Razorpay transfers at least ₹1; less (or refunds above the sales) waits for a later week.
      if (lines.netPaise < 100) return null;
      const days = [sales.first, sales.last, refunds.first, refunds.last].filter((day): day is string => day !== null).sort();
      const payoutId = await this.payouts.insertClaiming(manager, {
        educatorId,
        runDay,
        salesFrom: days[0],
        salesTo: days[days.length - 1],
        grossPaise,
        refundsPaise,
        feePaise: lines.feePaise,
        tdsPaise: lines.tdsPaise,
        netPaise: lines.netPaise,
        feePercent: this.config.PAYOUT_FEE_PERCENT,
        tdsPercent: this.config.PAYOUT_TDS_PERCENT,
        linkedAccountId: account.linked_account_id,
      });
      this.logger.log(`payout ${payoutId} for ${educatorId}: ${lines.netPaise} paise net of ${grossPaise} gross`);
      return payoutId;
    });
  }

  /**
   * Moves a payout's money to the educator's linked account, once. The payout row stays locked while Razorpay is
   * asked, so two attempts never overlap; a transfer made just before a crash is found by its notes, not made again.
   */
  async transfer(payoutId: string, isLastAttempt: boolean): Promise<{ transferId: string; made: boolean }> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const row = await this.payouts.lockPayout(manager, payoutId);
        if (!row) throw new NotFoundException(`No payout ${payoutId}`);
        if (row.status === 'paid' && row.transfer_id) return { transferId: row.transfer_id, made: false };
        const earlier = await this.findTransfer(payoutId, new Date(row.created_at));
        const transfer = earlier ?? (await this.gateway.createTransfer({ account: row.linked_account_id, amount: Number(row.net_paise), notes: { payout_id: payoutId } }));
        await this.payouts.markPaid(manager, payoutId, transfer.id);
        return { transferId: transfer.id, made: earlier === undefined };
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.payouts.recordFailedTransfer(payoutId, message, isLastAttempt);
      throw error;
    }
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
