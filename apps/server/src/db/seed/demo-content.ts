import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { seedDemoQualifications } from './demo-qualifications.ts';

/**
 * Demo content so a first start looks like a running marketplace: notices for each audience,
 * help-centre articles, buy tips, the demo suppliers' delivery fees by region and their qualifications.
 */
export async function seedDemoContent(trx: Transaction<DB>, now: string, adminId: number) {
  const notices = [
    {
      title: '关于 2027 年春节期间订单处理安排的通知',
      type: 1,
      content: '<p>2027 年 2 月 5 日至 2 月 13 日春节期间，平台正常接单，供应商发货与订单审批顺延至节后处理。危险化学品类订单节前最后发货日为 2 月 3 日。</p>',
    },
    {
      title: '危险化学品及易制毒、易制爆试剂采购须知',
      type: 2,
      content:
        '<p>采购<strong>易制毒、易制爆、剧毒</strong>类试剂须经研究所审批，收货后由验收人核对品名、规格与数量并登记入库。请勿通过个人渠道采购管制类试剂。</p>',
    },
    {
      title: '报销流程调整：电子发票统一在平台上传',
      type: 2,
      content: '<p>自 12 月起，订单完成后供应商在平台上传电子发票，采购人可直接发起报销或由财务合并报销，无需再提交纸质发票复印件。</p>',
    },
    {
      title: '供应商资质年审提醒',
      type: 3,
      content: '<p>请各供应商于 12 月 31 日前更新营业执照、危险化学品经营许可证等资质文件，逾期未更新的商品将暂停展示。</p>',
    },
    {
      title: '发货规范：请在发货时填写快递单号',
      type: 3,
      content: '<p>发货时请选择快递渠道并填写完整快递单号；分批发货的订单请按实际发货数量填写，便于采购人跟踪与验收。</p>',
    },
  ];
  await trx
    .insertInto('notice')
    .values(notices.map((n, i) => ({ ...n, status: 1, top: i === 0 ? 1 : 0, published_at: now, created_by: adminId, created_at: now, updated_at: now })))
    .execute();

  const help: { title: string; content: string; children?: { title: string; content: string; children?: { title: string; content: string }[] }[] }[] = [
    {
      title: '采购指南',
      content: '<p>从搜索商品到完成验收的全流程说明。</p>',
      children: [
        {
          title: '下单流程',
          content: '<p>搜索商品 → 加入购物车 → 选择收货地址 → 提交订单 → 审批 → 供应商确认发货 → 确认到货 → 验收。</p>',
          children: [
            { title: '危化品下单说明', content: '<p style="color:#cf1322">含危险化学品的订单须阅读并确认合规告知，且一律经研究所审批。</p>' },
            { title: '订单拆分规则', content: '<p>一个订单中不同供应商的商品会拆分为多个子订单，分别确认、发货和验收。</p>' },
          ],
        },
        { title: '审批规则', content: '<p>课题组长审批本课题组订单；金额达到研究所设定标准或含危化品的订单还需研究所审批。</p>' },
      ],
    },
    {
      title: '账号与安全',
      content: '<p>账号登录、密码与单位设置。</p>',
      children: [
        { title: '账号冻结与解冻', content: '<p>15 分钟内连续输错密码 5 次账号将被冻结，可通过绑定手机或邮箱接收验证码自助解冻。</p>' },
        { title: '切换与设置常用单位', content: '<p>隶属多个单位的用户可在页头切换当前单位，并设置常用单位，登录后默认进入常用单位。</p>' },
      ],
    },
    {
      title: '供应商指南',
      content: '<p>供应商入驻、商品维护与订单履约。</p>',
      children: [{ title: '入驻流程', content: '<p>在登录页点击“供应商注册”，填写企业信息并上传营业执照，平台审核通过后即可登录。</p>' }],
    },
  ];
  let sort = 0;
  const addHelp = async (nodes: typeof help, parentId: number | null) => {
    for (const n of nodes) {
      const { id } = await trx
        .insertInto('help_item')
        .values({ parent_id: parentId, title: n.title, content: n.content, sort: sort++, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (n.children) await addHelp(n.children as typeof help, id);
    }
  };
  await addHelp(help, null);

  await trx
    .insertInto('buy_tip')
    .values([
      {
        title: '发票说明',
        content: '订单完成后由供应商开具增值税电子普通发票，抬头为下单时所在研究所；如需专票请在备注中说明。',
        status: 1,
        sort: 0,
        created_at: now,
        updated_at: now,
      },
      {
        title: '收货与验收',
        content: '请在收到货物后及时在平台确认到货，并由本所验收人核对品名、规格、批号与数量。',
        status: 1,
        sort: 1,
        created_at: now,
        updated_at: now,
      },
      {
        title: '退换货',
        content: '试剂类商品开封后不予退换；运输破损请在到货 48 小时内拍照并申请退款。',
        status: 1,
        sort: 2,
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();

  await seedDemoDeliveryFees(trx, now);
  await seedDemoQualifications(trx, now, adminId);
}

/**
 * 运费模板 per demo supplier, in fen: [province, city, first-order fee, free from, hazardous surcharge];
 * province '' is the default row for every other region.
 */
async function seedDemoDeliveryFees(trx: Transaction<DB>, now: string) {
  const rules: Record<string, [string, string, number, number | null, number][]> = {
    国药: [
      ['', '', 1_500, 20_000, 0],
      ['新疆维吾尔自治区', '', 3_500, 50_000, 8_000],
      ['西藏自治区', '', 3_500, 50_000, 8_000],
    ],
    阿拉丁: [
      ['', '', 2_000, 30_000, 0],
      ['江苏省', '', 1_500, 20_000, 3_000],
      ['江苏省', '苏州市', 1_000, 15_000, 3_000],
    ],
    麦克林: [
      ['', '', 1_200, 9_900, 0],
      ['浙江省', '', 1_000, 9_900, 2_500],
      ['广东省', '', 1_800, 19_900, 5_000],
    ],
  };
  const suppliers = await trx.selectFrom('supplier').select(['id', 'company_name']).execute();
  for (const s of suppliers) {
    const key = Object.keys(rules).find((k) => s.company_name.includes(k));
    if (!key) continue;
    await trx
      .insertInto('delivery_fee_rule')
      .values(
        rules[key].map(([province, city, first, free, hazard]) => ({
          supplier_id: s.id,
          province,
          city,
          first_fee: first,
          free_above: free,
          hazard_fee: hazard,
          updated_at: now,
        })),
      )
      .execute();
  }
}
