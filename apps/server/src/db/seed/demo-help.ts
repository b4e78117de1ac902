import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** The help centre's three levels: topics, articles and sub-articles. */
const HELP: { title: string; content: string; children?: { title: string; content: string; children?: { title: string; content: string }[] }[] }[] = [
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

/** The help centre's articles, numbered in tree order. */
export async function seedDemoHelp(trx: Transaction<DB>, now: string) {
  let sort = 0;
  const addHelp = async (nodes: typeof HELP, parentId: number | null) => {
    for (const n of nodes) {
      const { id } = await trx
        .insertInto('help_item')
        .values({ parent_id: parentId, title: n.title, content: n.content, sort: sort++, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (n.children) await addHelp(n.children as typeof HELP, id);
    }
  };
  await addHelp(HELP, null);
}
