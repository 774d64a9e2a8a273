import { DEFAULT_UI_LANGUAGE, receiptQuerySchema, type ReceiptKind, type ReceiptQuery } from '@academy/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { BadRequestException, Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { renderReceiptPdf } from './receipt-pdf.js';
import { ReceiptsService } from './receipts.service.js';

const KINDS: readonly ReceiptKind[] = ['payment', 'refund'];

/** A purchase's receipt or refund credit note as PDF, for the learner who made the purchase only. */
@Controller('api/user/purchases')
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  @Get(':purchaseId/receipts/:kind')
  async pdf(
    @CurrentUser() user: AuthUser,
    @Param('purchaseId', new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('purchaseId must be a valid purchase id') }))
    purchaseId: string,
    @Param('kind') kind: string,
    @Res() res: Response,
    @Query(new ZodValidationPipe(receiptQuerySchema)) query: ReceiptQuery,
  ): Promise<void> {
    if (!KINDS.includes(kind as ReceiptKind)) throw new BadRequestException('The receipt kind must be payment or refund');
    const receipt = await this.receipts.ownReceipt(user.id, purchaseId, kind as ReceiptKind, query.number);
    // In the language asked for (the portal passes the reader's), English when none is.
    const pdf = await renderReceiptPdf(receipt, { language: query.lang ?? DEFAULT_UI_LANGUAGE });
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${receipt.number.replaceAll('/', '-')}.pdf"`,
        'Cache-Control': 'private, no-store',
        'Content-Length': String(pdf.length),
      })
      .end(pdf);
  }
}
