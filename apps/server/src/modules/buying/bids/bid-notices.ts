import { yuan } from '@kc/contracts/buying/mall';
import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import { shanghaiDateTime } from '../../../platform/documents/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { ProjectRow } from './bids.repository.ts';

const buyerLink = (id: number) => `/cass/bid/projects?detail=${id}`;
const supplierLink = (id: number) => `/cassSupplier/bid?detail=${id}`;

/**
 * What a bid project tells whom. Before opening, every supplier message goes to every supplier
 * that may bid (the invited ones, or every supplier with a contract in force), with the same
 * words whether or not it has bid: who receives a message, and what it says, must not tell anyone
 * (an admin reading the outbox included) whether or how many bids exist. Nothing is sent when a
 * bid is handed in or revised.
 */
export class BidNotices {
  constructor(private readonly messages: MessagesService) {}

  private async toSuppliers(trx: Transaction<DB>, supplierIds: Iterable<number>, title: string, content: string, projectId: number) {
    for (const id of new Set(supplierIds)) await this.messages.tellSupplier(trx, id, { title, content, link: supplierLink(projectId) });
  }

  published(trx: Transaction<DB>, p: Pick<ProjectRow, 'id' | 'title' | 'deadline'>, institute: string, suppliers: number[]) {
    return this.toSuppliers(trx, suppliers, `新的招标项目：${p.title}`, `${institute} 邀请投标，截止时间 ${shanghaiDateTime(p.deadline)}`, p.id);
  }

  /** An edit voids the round's bids: every supplier concerned hears the same words. */
  edited(trx: Transaction<DB>, p: Pick<ProjectRow, 'id' | 'title' | 'deadline'>, suppliers: Iterable<number>) {
    return this.toSuppliers(
      trx,
      suppliers,
      `招标项目已修改：${p.title}`,
      `招标内容已修改，截止时间 ${shanghaiDateTime(p.deadline)}。修改前提交的投标均已作废，如需参加请按新要求重新投标`,
      p.id,
    );
  }

  rebid(trx: Transaction<DB>, p: Pick<ProjectRow, 'id' | 'title' | 'deadline' | 'round'>, suppliers: Iterable<number>) {
    return this.toSuppliers(trx, suppliers, `重新招标：${p.title}`, `第 ${p.round} 轮投标已开始，截止时间 ${shanghaiDateTime(p.deadline)}`, p.id);
  }

  closed(trx: Transaction<DB>, p: Pick<ProjectRow, 'id' | 'title'>, suppliers: Iterable<number>, reason: string) {
    return this.toSuppliers(trx, suppliers, `招标项目已关闭：${p.title}`, `关闭原因：${reason}`, p.id);
  }

  async opened(trx: Transaction<DB>, p: Pick<ProjectRow, 'id' | 'title' | 'buyer_id'>, bidders: number[], valid: number, failed: boolean) {
    const content = failed ? `有效投标 ${valid} 家，不足 3 家，已流标；可重新招标或关闭项目` : `有效投标 ${valid} 家，请查看开标结果并定标`;
    await this.messages.tell(trx, [p.buyer_id], { title: `招标项目已开标：${p.title}`, content, link: buyerLink(p.id) });
    await this.toSuppliers(trx, bidders, `招标项目已开标：${p.title}`, failed ? '有效投标不足 3 家，本轮流标' : '开标结果已公布，请等待定标', p.id);
  }

  async awarded(trx: Transaction<DB>, p: Pick<ProjectRow, 'id' | 'title'>, winner: { supplierId: number; amount: number; orderNo: string }, losers: number[]) {
    await this.toSuppliers(
      trx,
      [winner.supplierId],
      `中标通知：${p.title}`,
      `贵公司以 ¥${yuan(winner.amount)} 中标，订单 ${winner.orderNo} 审批通过后即可确认发货`,
      p.id,
    );
    await this.toSuppliers(trx, losers, `未中标通知：${p.title}`, '感谢参与，本项目已定标', p.id);
  }
}
