import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject } from '@nestjs/common';
import type { Runtime } from '../app/runtime.js';
import { RUNTIME } from '../app/tokens.js';
import { AFFILIATE_COMMISSION_PERCENT } from '../payments/affiliate-ledger.js';
import { ApiError } from './api-error.js';

/** Operator routes, behind `Authorization: Bearer <ADMIN_TOKEN>`; absent (404) when no token is configured. */
@Controller('admin')
export class AdminController {
  constructor(@Inject(RUNTIME) private readonly rt: Runtime) {}

  @Get('affiliates')
  async affiliates(@Headers('authorization') authorization?: string) {
    this.authorize(authorization);
    return { commission_percent: Number(AFFILIATE_COMMISSION_PERCENT), asset: 'USDC', decimals: 6, affiliates: await this.rt.ledger.balances() };
  }

  private authorize(header: string | undefined): void {
    const token = this.rt.config.adminToken;
    if (!token) throw new ApiError(404, 'no route: operator routes are off (set ADMIN_TOKEN)');
    const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
    const digest = (s: string) => createHash('sha256').update(s).digest();
    if (!timingSafeEqual(digest(given), digest(token))) throw new ApiError(401, 'operator routes need Authorization: Bearer <ADMIN_TOKEN>', { 'www-authenticate': 'Bearer' });
  }
}
