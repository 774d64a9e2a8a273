import {
  couponPriceRequestSchema,
  createCouponRequestSchema,
  type CouponPriceAnswer,
  type CouponPriceRequest,
  type CreateCouponRequest,
  type EducatorCoupon,
  type EducatorCouponsAnswer,
} from '@academy/contracts';
import { CurrentUser, Roles, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { Body, Controller, Get, HttpCode, NotFoundException, Post, UseGuards } from '@nestjs/common';
import { CatalogueClient } from '../clients/service-clients.js';
import { PaymentsRateLimitGuard } from '../purchases/payments-rate-limit.guard.js';
import { CouponsService } from './coupons.service.js';

/** The educator's codes: create, and list with uses and revenue. Only their own, for their own courses. */
@Controller('api/educator/coupons')
@Roles('educator')
export class EducatorCouponsController {
  constructor(private readonly coupons: CouponsService) {}

  @Post()
  @HttpCode(201)
  async create(
    @CurrentUser() educator: AuthUser,
    @Body(new ZodValidationPipe(createCouponRequestSchema)) body: CreateCouponRequest,
  ): Promise<{ success: true; message: string; coupon: EducatorCoupon }> {
    const coupon = await this.coupons.create(educator, body);
    return { success: true, message: `Code ${coupon.code} created`, coupon };
  }

  @Get()
  async list(@CurrentUser() educator: AuthUser): Promise<EducatorCouponsAnswer> {
    return { success: true, coupons: await this.coupons.list(educator.id) };
  }
}

/** The price a code gives a course, before paying; counted with the payment calls, so codes cannot be guessed fast. */
@Controller('api/user/coupon-price')
@UseGuards(PaymentsRateLimitGuard)
export class CouponPriceController {
  constructor(
    private readonly coupons: CouponsService,
    private readonly catalogue: CatalogueClient,
  ) {}

  @Post()
  @HttpCode(200)
  async price(@CurrentUser() user: AuthUser, @Body(new ZodValidationPipe(couponPriceRequestSchema)) body: CouponPriceRequest): Promise<CouponPriceAnswer> {
    const course = await this.catalogue.course(body.courseId);
    if (!course.isPublished) throw new NotFoundException('Course not found');
    const { couponId: _couponId, ...price } = await this.coupons.price(body.code, course, user.id);
    return { success: true, ...price };
  }
}
