/**
 * Company-name filtering (docs/domains/supply.md#company-name-key): provincial names and the words 公司 / 有限 / 有限公司 are
 * removed before two names are compared, so '上海阿拉丁生化科技股份有限公司' and
 * '阿拉丁生化科技股份公司' count as the same company. Shared by the server's duplicate check and
 * the registration form's live hint.
 */
export const PROVINCES = [
  '北京',
  '天津',
  '上海',
  '重庆',
  '河北',
  '山西',
  '辽宁',
  '吉林',
  '黑龙江',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '海南',
  '四川',
  '贵州',
  '云南',
  '陕西',
  '甘肃',
  '青海',
  '台湾',
  '内蒙古',
  '广西',
  '西藏',
  '宁夏',
  '新疆',
  '香港',
  '澳门',
] as const;

/** longest first, so '有限公司' goes before '有限' and '公司' */
export const COMPANY_WORDS = ['有限公司', '有限', '公司'] as const;

const provinceRe = new RegExp(`(${PROVINCES.join('|')})(省|市|自治区|壮族自治区|回族自治区|维吾尔自治区|特别行政区)?`, 'g');
const wordRe = new RegExp(COMPANY_WORDS.join('|'), 'g');

export function companyKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\s()（）[\]【】]/g, '')
    .replace(provinceRe, '')
    .replace(wordRe, '')
    .toLowerCase();
}
