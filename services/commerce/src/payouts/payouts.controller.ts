import { payoutAccountRequestSchema, type PayoutAccount, type PayoutAccountAnswer, type PayoutsAnswer } from '@academy/contracts';
import { CurrentUser, Roles, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { BadRequestException, Body, Controller, Get, Param, ParseUUIDPipe, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { z } from 'zod';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';
import { renderPayoutStatementPdf } from './payout-statement-pdf.js';
import { PayoutsService } from './payouts.service.js';

/** The educator's payout account, payouts and statements: each educator sees and changes only their own. */
@Controller('api/educator')
@Roles('educator')
export class PayoutsController {
  constructor(
    private readonly payouts: PayoutsService,
    @InjectCommerceConfig() private readonly config: CommerceConfig,
  ) {}

  @Get('payout-account')
  async account(@CurrentUser() educator: AuthUser): Promise<PayoutAccountAnswer> {
    return { success: true, account: await this.payouts.account(educator.id) };
  }

  /** Adds the account, or changes it after a recent sign-in (403 otherwise). The number is never answered back. */
  @Put('payout-account')
  async saveAccount(
    @CurrentUser() educator: AuthUser,
    @Body(new ZodValidationPipe(payoutAccountRequestSchema)) body: z.output<typeof payoutAccountRequestSchema>,
  ): Promise<{ success: true; account: PayoutAccount }> {
    return { success: true, account: await this.payouts.saveAccount(educator, body) };
  }

  @Get('payouts')
  async list(@CurrentUser() educator: AuthUser): Promise<PayoutsAnswer> {
    return { success: true, ...(await this.payouts.list(educator.id)) };
  }

  @Get('payouts/:payoutId/statement')
  async statement(
    @CurrentUser() educator: AuthUser,
    @Param('payoutId', new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('payoutId must be a valid payout id') })) payoutId: string,
    @Res() res: Response,
  ): Promise<void> {
    const { payout, account } = await this.payouts.payoutOf(educator.id, payoutId);
    const pdf = await renderPayoutStatementPdf({ payout, account, sellerName: this.config.RECEIPT_SELLER_NAME, educatorName: educator.name || account.beneficiaryName });
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="payout-${payout.run_day}.pdf"`,
        'Cache-Control': 'private, no-store',
        'Content-Length': String(pdf.length),
      })
      .end(pdf);
  }
}
