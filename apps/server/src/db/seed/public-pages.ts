import type { Transaction } from 'kysely';
import { bannerPicture } from '../../modules/supply/pictures/index.ts';
import type { DB } from '../../platform/db/schema.ts';

/**
 * The public pages' first content, so a fresh install shows no empty page: the privacy policy, the
 * service agreement, the download centre, the login carousel, the mall banners and the eight
 * promotion pages they lead to (each banner's content is its page's article). The platform admin edits or replaces them in
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

/** [banner key, title, promotion page, article] of the mall banners (kind indexBanner, then bigMallBanner). */
const PROMOTIONS: [key: Parameters<typeof bannerPicture>[0], title: string, page: string, article: string][] = [
  [
    'guoyao',
    '国药试剂 通用试剂专场',
    '/guoyaoNews',
    `<p>国药集团化学试剂有限公司（沪试）为本平台首批入驻品牌。专场期间，无水乙醇、甲醇、乙腈、丙酮等常用溶剂及氯化钠、碳酸钠等无机盐的分析纯、优级纯规格享满 2000 元减 200 元。</p>
<p><b>活动时间：</b>即日起至本月底。<b>适用范围：</b>国药（沪试）品牌全部通用试剂与无机试剂，危险化学品按院所审批流程下单。</p>
<p>满减在确认订单时自动计算，同一课题组可合并下单；易制毒品种（如丙酮、甲苯）仍须研究所审批，不因活动放宽。</p>`,
  ],
  [
    'takara',
    'TaKaRa 分子生物学工具酶特惠',
    '/takaraNews',
    `<p>宝日医生物技术（北京）有限公司携 PrimeSTAR 高保真 DNA 聚合酶、PrimeScript 反转录试剂盒及 TB Green 荧光定量预混液参加本期特惠：同一订单第二件 8 折。</p>
<p>工具酶与预混液均为 -20 ℃ 冷链配送，供应商承诺华东、华北地区 48 小时内送达；请在收货时核对冰袋状态，验收时如发现融化可直接在订单中发起售后。</p>`,
  ],
  [
    'rainin',
    'Rainin 移液器以旧换新',
    '/RaininNews',
    `<p>梅特勒-托利多 Rainin 单道、多道移液器以旧换新：交回任意品牌旧移液器一支，可抵扣 300 元，并赠送原厂计量校准一次（含校准证书）。</p>
<p>换新流程：下单时在备注中填写旧移液器品牌与序列号，供应商送货时回收旧件；校准服务在收货后 30 天内预约。</p>`,
  ],
  [
    'school',
    '三月开学季 课题组备货满减',
    '/MarchSchoolSeasonNews',
    `<p>新学期课题组集中备货，平台联合国药、阿拉丁、麦克林、康宁、Axygen 等品牌推出开学季满减：试剂、耗材与玻璃仪器单笔满 1000 元减 80 元，可与院所协议价叠加。</p>
<p>温馨提示：订单金额达到研究所审批门槛的，仍按本所审批规则逐级审批；建议提前设置默认收货地址与默认单位，缩短下单时间。</p>`,
  ],
  [
    'transgen',
    '全式金 感受态细胞买十赠二',
    '/transGenNews',
    `<p>北京全式金生物技术股份有限公司 Trans1-T1、DH5α、BL21(DE3) 化学感受态细胞买十赠二，2×PCR 预混液与 DNA 分子量标准 9 折。</p>
<p>感受态细胞须 -80 ℃ 保存，供应商以干冰冷链配送；请确保收货人当日在实验室签收。</p>`,
  ],
  [
    'macklin',
    '麦克林 有机合成试剂专题',
    '/Mklaction',
    `<p>上海麦克林生化科技股份有限公司有机合成试剂专题：苯硼酸及衍生物、醋酸钯、四(三苯基膦)钯、Boc 酸酐、N-溴代琥珀酰亚胺等常用合成试剂 9 折，现货 48 小时内发货。</p>
<p>钯催化剂等贵金属试剂按批次附检验报告（COA），可在订单详情中下载。</p>`,
  ],
  [
    'macklin-start',
    '麦克林 新品首发科研试剂节',
    '/MklactionStart',
    `<p>麦克林本季新上架试剂三千余种，覆盖生化试剂、分析标准品与材料化学前驱体。活动期间新品首单立减 50 元（每个课题组限一次）。</p>
<p>新品详情页提供 CAS 号、分子式与二维结构式，可在商城中按 CAS 号直接检索。</p>`,
  ],
  [
    'event',
    '危化品合规采购指南',
    '/BannerEvent',
    `<h3>一、哪些试剂需要额外审批</h3>
<p>列入《危险化学品目录》《易制毒化学品分类和品种目录》《易制爆危险化学品名录》《剧毒化学品目录》的试剂，在商城中以红色标签标出；下单后除课题组长外，还须研究所审批。</p>
<h3>二、收货与验收</h3>
<p>易制毒、易制爆及剧毒品到货后，须由本所验收人当面核对品名、规格、数量与批号，并在平台登记验收；验收记录即为台账依据。</p>
<h3>三、常见问题</h3>
<p>危化品不可拆分订单规避审批；供应商须持有相应经营许可证，可在店铺页查看其资质。</p>`,
  ],
];

/** [banner key, title] of the login page carousel. */
const LOGIN_SLIDES: [key: Parameters<typeof bannerPicture>[0], title: string][] = [
  ['login-one-stop', '一站式科研采购'],
  ['login-approval', '审批验收报销 全程线上'],
  ['login-hazard', '管控化学品 合规可查'],
];

export async function seedPublicPages(trx: Transaction<DB>, now: string) {
  const row = (kind: string, title: string, sort: number, extra: { content?: string; link_url?: string; image_path?: string }) => ({
    kind,
    title,
    sort,
    status: 1,
    image_file_id: null,
    image_path: extra.image_path ?? null,
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
      ...PROMOTIONS.map(([key, title, page, article], i) =>
        row(i < 4 ? 'indexBanner' : 'bigMallBanner', title, i % 4, { image_path: bannerPicture(key), link_url: page, content: article }),
      ),
      ...LOGIN_SLIDES.map(([key, title], i) => row('loginSwiper', title, i, { image_path: bannerPicture(key) })),
    ])
    .execute();
}
