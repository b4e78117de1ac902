import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/**
 * The public pages' first content, so a fresh install shows no empty legal page: the privacy policy,
 * the service agreement and the download centre. The platform admin edits or replaces them in
 * 页面配置 like anything an administrator entered.
 */
const PRIVACY = `<h3>一、我们收集的信息</h3>
<p>为完成采购、审批、配送与结算，平台收集您的姓名、手机号、电子邮箱、所属研究所、部门与课题组，以及您的订单、收货地址和操作记录。供应商注册时收集企业名称、统一社会信用代码、联系人及资质文件。</p>
<h3>二、信息的使用</h3>
<p>上述信息仅用于身份验证、订单审批与履约、发票与报销、账号安全（如异常登录提醒、短信验证码）以及依法合规的审计。平台不会将您的个人信息用于与采购无关的营销。</p>
<h3>三、信息的共享</h3>
<p>订单的收货人、联系电话和收货地址仅提供给承接该订单的供应商，用于配送；审批与验收信息仅在您所在研究所的审批人、验收人和财务人员之间可见。除法律法规要求外，平台不向第三方提供您的个人信息。</p>
<h3>四、信息的保存与安全</h3>
<p>密码以不可逆的方式加密保存；访问令牌与验证码仅保存摘要；所有请求均经签名校验。订单与审计记录按财务档案的要求保存，账号注销后个人资料在法定期限届满后删除。</p>
<h3>五、您的权利</h3>
<p>您可以在个人中心查看和更正个人资料、修改密码；如需导出或删除个人信息，或对本政策有疑问，请联系本单位管理员或平台客服。</p>`;

const AGREEMENT = `<h3>一、服务内容</h3>
<p>科研采购平台为科研院所及其课题组提供试剂、耗材、仪器配件及技术服务的在线采购，包括商品检索、比价、下单、审批、配送跟踪、验收、发票与报销管理。</p>
<h3>二、账号与使用</h3>
<p>采购用户的账号由所在研究所开通，供应商账号经平台审核后开通。请妥善保管账号和密码，不得转借他人；通过您的账号完成的操作视为您本人的操作。</p>
<h3>三、采购规范</h3>
<p>易制毒、易制爆及剧毒化学品的采购须遵守《危险化学品安全管理条例》《易制毒化学品管理条例》等规定，经研究所审批并由验收人登记入库。采购人不得拆分订单规避审批。</p>
<h3>四、供应商责任</h3>
<p>供应商须保证所售商品来源合法、质量合格、资质文件真实有效，按约定时间发货并开具合规发票；危险化学品须由具备资质的承运方运输。</p>
<h3>五、争议处理</h3>
<p>订单履行中的争议可通过平台的售后与投诉渠道处理；协商不成的，依照中华人民共和国法律，由平台运营方所在地人民法院管辖。</p>`;

export async function seedPublicPages(trx: Transaction<DB>, now: string) {
  const row = (kind: string, title: string, sort: number, extra: { content?: string; link_url?: string }) => ({
    kind,
    title,
    sort,
    status: 1,
    image_file_id: null,
    link_url: extra.link_url ?? null,
    content: extra.content ?? null,
    created_at: now,
    updated_at: now,
  });
  await trx
    .insertInto('page_config')
    .values([
      row('privacy', '隐私政策', 0, { content: PRIVACY }),
      row('serviceAgreement', '平台服务协议', 0, { content: AGREEMENT }),
      row('download', '平台操作手册（采购人、审批人、验收人）', 1, { link_url: '/helpCenter' }),
      row('download', '危险化学品目录与管理规定（应急管理部）', 2, { link_url: 'https://www.mem.gov.cn/' }),
      row('download', '易制毒化学品管理条例（中国政府网）', 3, { link_url: 'https://www.gov.cn/' }),
      row('download', '供应商入驻须知与资质清单', 4, { link_url: '/cassSupplierRegister' }),
    ])
    .execute();
}
