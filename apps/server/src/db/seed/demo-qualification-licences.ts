/**
 * The demo suppliers' qualifications (资质), approved and valid today for everything their items
 * need (危险化学品、易制毒、易制爆、剧毒), with realistic numbers and authorities. 麦克林's
 * 危险化学品经营许可证 ends in 21 days, so the expiry reminder and the 即将过期 tag show, and its
 * renewal waits in the platform's review queue. The files are placeholders (no bytes are stored).
 */

export type Q = { type: string; number: string; authority: string; from: string; to: string | null; scope?: string; pending?: boolean };

/** A licence issued `ago` days before today. */
type Issued = (ago: number) => { from: string; to: string };

const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Each demo supplier's qualifications, by a part of its company name. */
export function demoQualifications(today: string): Record<string, Q[]> {
  const expiring = plusDays(today, 21);
  // issued `ago` days before today, valid for three years from then: every demo licence is valid whenever the demo is seeded
  const issued = (ago: number) => ({ from: plusDays(today, -ago), to: plusDays(today, 3 * 365 - ago) });
  return { 国药: sinopharm(issued), 阿拉丁: aladdin(issued), 麦克林: macklin(issued, expiring) };
}

/** 国药: its business licence, the licence and records for controlled goods, its ISO certificate. */
function sinopharm(issued: Issued): Q[] {
  return [
    {
      type: 'business_license',
      number: '91310000132234857B',
      authority: '上海市市场监督管理局',
      from: '1996-06-18',
      to: null,
      scope: '化学试剂、化工产品（危险化学品见许可证）的批发、零售，实验室设备销售',
    },
    {
      type: 'hazardous_license',
      number: '沪（黄）应急管危经许[2024]201037',
      authority: '上海市黄浦区应急管理局',
      ...issued(620),
      scope: '批发（不带储存设施）：易燃液体、腐蚀性物质、毒性物质（含剧毒化学品）、易制爆危险化学品（详见许可范围附页）',
    },
    {
      type: 'precursor_record',
      number: '(沪)3J31010120240015',
      authority: '上海市应急管理局',
      ...issued(560),
      scope: '第二类、第三类非药品类易制毒化学品经营',
    },
    { type: 'explosive_record', number: '沪公黄易爆备字[2024]0037号', authority: '上海市公安局黄浦分局', ...issued(600) },
    {
      type: 'iso_certificate',
      number: '00124Q31875R3L/3100',
      authority: '中国质量认证中心',
      ...issued(460),
      scope: 'ISO 9001:2015 化学试剂的销售及服务',
    },
  ];
}

/** 阿拉丁: its business licence, the licence and records for controlled goods, the authorisation of its own brand. */
function aladdin(issued: Issued): Q[] {
  return [
    {
      type: 'business_license',
      number: '91310000744237381P',
      authority: '上海市市场监督管理局',
      from: '2002-11-27',
      to: null,
      scope: '生化试剂、化学试剂、实验耗材的研发与销售',
    },
    {
      type: 'hazardous_license',
      number: '沪（浦）应急管危经许[2024]202318',
      authority: '上海市浦东新区应急管理局',
      ...issued(430),
      scope: '批发（不带储存设施）：易燃液体、氧化性物质、毒性物质、腐蚀性物质、易制爆危险化学品',
    },
    {
      type: 'precursor_record',
      number: '(沪)3J31011520240042',
      authority: '上海市应急管理局',
      ...issued(400),
      scope: '第二类、第三类非药品类易制毒化学品经营',
    },
    { type: 'explosive_record', number: '沪公浦易爆备字[2024]0218号', authority: '上海市公安局浦东分局', ...issued(410) },
    {
      type: 'brand_authorization',
      number: 'ALADDIN-SH-2025-001',
      authority: '上海阿拉丁生化科技股份有限公司',
      ...issued(330),
      scope: 'Aladdin 品牌全线产品',
    },
  ];
}

/** 麦克林: its 危险化学品经营许可证 ends on `expiring`; the renewal waits in the platform's review queue. */
function macklin(issued: Issued, expiring: string): Q[] {
  return [
    {
      type: 'business_license',
      number: '91310115MA1H8WQ452',
      authority: '上海市浦东新区市场监督管理局',
      from: '2016-04-21',
      to: null,
      scope: '化学试剂、生化试剂、实验室耗材的销售',
    },
    {
      type: 'hazardous_license',
      number: '沪（浦）应急管危经许[2023]201566',
      authority: '上海市浦东新区应急管理局',
      from: plusDays(expiring, -3 * 365),
      to: expiring,
      scope: '批发（不带储存设施）：易燃液体、毒性物质（含剧毒化学品）、腐蚀性物质、易制爆危险化学品',
    },
    // its renewal, waiting for the platform
    {
      type: 'hazardous_license',
      number: '沪（浦）应急管危经许[2026]203104',
      authority: '上海市浦东新区应急管理局',
      from: plusDays(expiring, 1),
      to: plusDays(expiring, 3 * 365),
      scope: '批发（不带储存设施）：易燃液体、毒性物质（含剧毒化学品）、腐蚀性物质、易制爆危险化学品',
      pending: true,
    },
    {
      type: 'precursor_record',
      number: '(沪)3J31011520230087',
      authority: '上海市应急管理局',
      ...issued(900),
      scope: '第二类、第三类非药品类易制毒化学品经营',
    },
    { type: 'explosive_record', number: '沪公浦易爆备字[2024]0391号', authority: '上海市公安局浦东分局', ...issued(345) },
  ];
}
