import type { Caller } from '../../../../platform/auth/access.ts';
import { createPdf } from '../../../../platform/documents/pdf-layout.ts';
import { shanghaiCompactDate } from '../../../../platform/documents/shanghai-time.ts';
import { fail } from '../../../../platform/http/errors.ts';
import type { OrderQueriesService } from '../order-queries.service.ts';
import { renderDeliveryNote } from './delivery-note-pdf.ts';
import { renderOrder } from './order-pdf.ts';
import type { PrintRepository } from './print.repository.ts';
import { type PrintParties, printParties } from './print-model.ts';

export interface PrintedFile {
  pdf: Buffer;
  filename: string;
}

const NOT_FOUND = '订单不存在';

/**
 * Printed orders and delivery notes as PDF files. What a caller may print is exactly what the order
 * detail shows them (OrderQueriesService.detail: 404 for a foreign id; a supplier sees only its own
 * sub-orders), so printing adds no second set of visibility rules.
 */
export class PrintService {
  constructor(
    private readonly queries: OrderQueriesService,
    private readonly repo: PrintRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** One PDF with each order on its own pages, in the order given; any foreign id fails the whole print. */
  async orders(c: Caller, ids: number[]): Promise<PrintedFile> {
    const details = [];
    const parties: PrintParties[] = [];
    for (const id of ids) {
      const x = await this.queries.detailAndParties(c, id);
      details.push(x.detail);
      parties.push(printParties(x.parties));
    }
    const printedAt = this.now();
    const single = details.length === 1;
    const { doc, finish } = createPdf(single ? `采购订单 ${details[0].orderNo}` : `采购订单（${details.length} 份）`);
    details.forEach((d, i) => {
      renderOrder(doc, d, parties[i], printedAt, i > 0);
    });
    return {
      pdf: await finish(),
      filename: single ? `订单-${details[0].orderNo}.pdf` : `订单-${shanghaiCompactDate(printedAt)}-${details.length}份.pdf`,
    };
  }

  /** 送货单 of a whole sub-order: every line, ordered and shipped so far, with every delivery's tracking number. */
  async subOrderNote(c: Caller, subOrderId: number): Promise<PrintedFile> {
    const head = await this.repo.subOrder(subOrderId);
    if (!head) return fail('NOT_FOUND', NOT_FOUND);
    const n = await this.supplierSub(c, head.order_id, subOrderId, head.supplier_id);
    return this.note({ ...n, deliveries: n.sub.deliveries, shipped: null, noteNo: n.sub.subNo });
  }

  /** 送货单 of one delivery: the lines and quantities that parcel carries, with its channel and tracking number. */
  async deliveryNote(c: Caller, deliveryId: number): Promise<PrintedFile> {
    const head = await this.repo.delivery(deliveryId);
    if (!head) return fail('NOT_FOUND', '发货记录不存在');
    const n = await this.supplierSub(c, head.order_id, head.sub_order_id, head.supplier_id);
    const delivery = n.sub.deliveries.find((d) => d.id === deliveryId)!;
    const seq = n.sub.deliveries.indexOf(delivery) + 1;
    return this.note({
      ...n,
      deliveries: [delivery],
      shipped: new Map(delivery.lines.map((l) => [l.lineId, l.quantity])),
      noteNo: `${n.sub.subNo}-${String(seq).padStart(2, '0')}`,
    });
  }

  /** The detail of a sub-order for its own supplier; anyone else, and sub-orders still under approval, get 404. */
  private async supplierSub(c: Caller, orderId: number, subOrderId: number, supplierId: number) {
    if (c.accountType !== 2 || c.supplierId !== supplierId) return fail('NOT_FOUND', NOT_FOUND);
    const { detail: order, parties } = await this.queries.detailAndParties(c, orderId);
    const sub = order.subOrders.find((s) => s.id === subOrderId);
    if (!sub) return fail('NOT_FOUND', NOT_FOUND);
    const supplier = await this.repo.supplier(supplierId);
    return { order, sub, parties: printParties(parties), supplier: supplier ?? { name: sub.supplierName, contact: '—', phone: '—' } };
  }

  private async note(n: Parameters<typeof renderDeliveryNote>[1]): Promise<PrintedFile> {
    const { doc, finish } = createPdf(`送货单 ${n.noteNo}`);
    renderDeliveryNote(doc, n, this.now());
    return { pdf: await finish(), filename: `送货单-${n.noteNo}.pdf` };
  }
}
