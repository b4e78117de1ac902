import { Perm } from '@kc/contracts/platform/permissions';
import type { Caller } from '../../../platform/auth/access.ts';
import { fail } from '../../../platform/http/errors.ts';
import { bidResultPdf } from './bid-pdf.ts';
import type { BidsService } from './bids.service.ts';
import type { SupplierBidsService } from './supplier-bids.service.ts';

/**
 * printPDF/{id} and printPDF/checkControl/{id}: the record may be printed only after opening, and
 * only by the parties — the buyer side in its data scope (buyer, team leader, institute, platform)
 * and the suppliers that bid in the opened round. Anyone else gets 404, as for a missing project.
 */
export class BidPrintService {
  constructor(
    private readonly bids: BidsService,
    private readonly suppliers: SupplierBidsService,
  ) {}

  async control(c: Caller, id: number): Promise<{ allowed: boolean; reason: string | null }> {
    if (c.accountType === 2) {
      if (!c.perms.has(Perm.SUPPLIER_BID)) fail('FORBIDDEN', '无权打印招标记录');
      const d = await this.suppliers.detail(c, id);
      if (d.result === null && (d.state === 'bidding' || !d.myBid)) return { allowed: false, reason: '开标后才能打印招标记录' };
      if (d.result === null) return { allowed: false, reason: '仅参与本轮投标的供应商可以打印' };
      return { allowed: true, reason: null };
    }
    if (!c.perms.has(Perm.BID_MANAGE)) fail('FORBIDDEN', '无权打印招标记录');
    const d = await this.bids.detail(c, id);
    if (d.result === null) return { allowed: false, reason: '开标后才能打印招标记录' };
    return { allowed: true, reason: null };
  }

  async pdf(c: Caller, id: number) {
    const ctl = await this.control(c, id);
    if (!ctl.allowed) fail('FORBIDDEN', ctl.reason ?? '不能打印');
    // the supplier prints the same record the buyer side sees (every bid is public after opening)
    const d = await this.bids.detailAfterOpening(id);
    return { filename: `招标记录-${d.projectNo}.pdf`, body: await bidResultPdf(d) };
  }
}
