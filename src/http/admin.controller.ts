import { Controller, Get, Headers, Inject } from '@nestjs/common';
import { AFFILIATE_COMMISSION_PERCENT, type AffiliateLedger } from '../payments/affiliate-ledger.js';
import { AFFILIATE_LEDGER } from '../payments/payments.tokens.js';
import { checkAdminToken } from './admin-token.js';
import { ApiError } from './api-error.js';
import { HTTP_CONFIG, type HttpConfig } from './http.config.js';

/** Operator routes, behind `Authorization: Bearer <ADMIN_TOKEN>`; absent (404) when no token is configured. */
@Controller('admin')
export class AdminController {
  constructor(
    @Inject(AFFILIATE_LEDGER) private readonly ledger: AffiliateLedger,
    @Inject(HTTP_CONFIG) private readonly config: HttpConfig,
  ) {}

  @Get('affiliates')
  async affiliates(@Headers('authorization') authorization?: string) {
    this.authorize(authorization);
    const affiliates = await this.ledger.balances();
    return { commission_percent: Number(AFFILIATE_COMMISSION_PERCENT), asset: 'USDC', decimals: 6, affiliates };
  }

  private authorize(header: string | undefined): void {
    const refusal = checkAdminToken(this.config.adminToken, header);
    if (refusal) throw new ApiError(refusal.status, refusal.error, refusal.headers);
  }
}
