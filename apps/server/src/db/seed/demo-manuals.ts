import type { Kysely } from 'kysely';
import type { FilesService } from '../../modules/shared/files/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import { createPdf, heading, paragraph, title } from '../../platform/documents/pdf-layout.ts';

interface ManualSeed {
  title: string;
  description: string;
  roles: string[];
  sections: [heading: string, steps: string[]][];
}

/** What each role does day to day, in the order they meet it. */
const MANUALS: ManualSeed[] = [
  {
    title: '采购人操作手册',
    description: '从登录、选品下单到收货验收、发票报销的完整流程',
    roles: ['buyer', 'assistant'],
    sections: [
      ['登录与单位', ['使用研究所分配的账号登录；首次登录须修改初始密码。', '属于多个课题组时，登录后选择当前单位，可设为默认；右上角可随时切换。']],
      [
        '选品与下单',
        [
          '在商城按名称、CAS 号或货号搜索，可按品牌、供应商筛选并比价。',
          '加入购物车后结算：选择收货地址与经费卡，系统按商品分类预选预算科目。',
          '提交前页面显示审批链（课题组长 → 研究所）及原因，例如金额达到 ¥5,000 或含危险化学品。',
        ],
      ],
      [
        '收货与验收',
        ['供应商发货后在“我的订单”确认收货；需验收的订单由验收人核对品名、规格、数量、批号后验收。', '验收后的试剂自动入库，每瓶一个带二维码的标签。'],
      ],
      ['发票与报销', ['供应商上传发票后，在“报销管理”发起报销单，勾选已验收且发票匹配的子订单。', '报销完成后经费卡按实际支出扣减冻结金额。']],
    ],
  },
  {
    title: '课题组长审批手册',
    description: '订单审批、经费卡与预算科目、统计分析',
    roles: ['team_leader'],
    sections: [
      [
        '订单审批',
        ['控制台“待审批”直达审批列表，列表即可看到商品、金额、经费卡占用与可用余额，可直接通过或驳回。', '本人下的订单不能自己审批，将转给研究所。'],
      ],
      [
        '经费卡',
        [
          '在“经费卡”查看每张卡及各预算科目的总额、冻结、已支出与可用余额，台账可导出 Excel。',
          '他人使用本课题组经费卡下单时，需经费卡负责人先行审批（他人代付）。',
        ],
      ],
      ['统计分析', ['按月查看课题组采购金额、供应商与品牌排名，点击月份可下钻到订单明细。']],
    ],
  },
  {
    title: '财务人员操作手册',
    description: '发票核验、报销审核、供应商对账与付款',
    roles: ['finance', 'institute_owner'],
    sections: [
      ['发票与报销', ['发票与子订单按“订单-验收-发票”三方匹配，异常发票需写明原因后方可接受。', '报销审核通过即扣减经费卡冻结，转为已支出。']],
      [
        '对账与付款',
        [
          '每月按供应商生成对账单，供应商确认或对个别明细提出异议，只有异议明细重新核对。',
          '付款时登记银行流水号与日期，可部分付款；投诉处理中的子订单暂停结算付款。',
        ],
      ],
      ['年末结转', ['12 月 17 日起为结算冻结期，暂停新的报销单与对账单；未完成订单的冻结金额结转至新年度经费卡。']],
    ],
  },
  {
    title: '供应商操作手册',
    description: '商品维护、订单处理、发货、发票与对账',
    roles: ['supplier_admin', 'supplier_order', 'supplier_finance'],
    sections: [
      ['商品与价格', ['在“商品管理”上下架商品、修改价格与库存；批量调价通过 Excel 导入，超过审核比例的调价需平台审核。']],
      ['订单与发货', ['“订单管理”中确认订单后发货，填写物流公司、单号、批号与有效期；危险化学品须随货附 MSDS。']],
      ['售后服务', ['退货、换货与投诉在“售后服务”中处理：投诉须在 3 个工作日内回复，处理期间相关子订单暂停结算。']],
      ['发票与对账', ['验收后在“财务结算”上传发票；每月核对对账单，对有误的明细提出异议并写明原因。']],
    ],
  },
];

async function manualPdf(m: ManualSeed): Promise<Buffer> {
  const pdf = createPdf(m.title);
  title(pdf.doc, m.title, '科研采购平台 · 2026 版');
  paragraph(pdf.doc, m.description, { color: '#595959' });
  for (const [name, steps] of m.sections) {
    heading(pdf.doc, name);
    for (const [i, s] of steps.entries()) paragraph(pdf.doc, `${i + 1}. ${s}`);
  }
  return pdf.finish();
}

/**
 * 操作手册 of the demo: one published PDF per role family, drawn here (the same PDF helpers as the
 * printed documents) and stored through the files module, so the help centre shows each user the
 * manuals of their roles on a fresh install. Once per database.
 */
export async function seedDemoManuals(db: Kysely<DB>, files: FilesService) {
  if (await db.selectFrom('operation_manual').select('id').limit(1).executeTakeFirst()) return;
  const admin = await db.selectFrom('app_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
  const roles = new Map((await db.selectFrom('role').select(['id', 'code']).where('institute_id', 'is', null).execute()).map((r) => [r.code, r.id]));
  const now = new Date().toISOString();
  for (const m of MANUALS) {
    const bytes = await manualPdf(m);
    const fileId = await files.storeGenerated({ name: `${m.title}.pdf`, mime: 'application/pdf', ext: 'pdf', purpose: 'manual' }, async (out) => {
      out.end(bytes);
    });
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('operation_manual')
        .values({
          title: m.title,
          description: m.description,
          latest_version: 1,
          published_version: 1,
          published_at: now,
          created_by: admin.id,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('operation_manual_version')
        .values({ manual_id: id, version: 1, file_id: fileId, note: '首版', created_by: admin.id, created_at: now })
        .execute();
      const roleIds = m.roles.map((c) => roles.get(c)).filter((r): r is number => r !== undefined);
      if (roleIds.length)
        await trx
          .insertInto('operation_manual_role')
          .values(roleIds.map((role_id) => ({ manual_id: id, role_id })))
          .execute();
    });
  }
}
