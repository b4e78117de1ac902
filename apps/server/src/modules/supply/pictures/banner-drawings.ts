import { CATEGORY_DRAWINGS } from './category-drawings.ts';

/**
 * The first banners of the mall and slides of the login page, drawn as SVG so a fresh install has
 * pictures before anyone uploads one: a gradient, the brand's headline and a product drawing. The
 * text is set in the visitor's own Chinese font (every Chinese system has one); the administrator
 * replaces any of them with an uploaded image in 页面配置.
 */
interface Banner {
  /** [from, to] colours of the background */
  colours: [string, string];
  kicker: string;
  title: string;
  subtitle: string;
  /** a category drawing (category-drawings.ts) on the right */
  motif: string;
  /** 'wide' for the mall (960 × 400), 'slide' for the login page (640 × 480) */
  shape: 'wide' | 'slide';
}

const FONT = `'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif`;

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The motif drawing without its own <svg> wrapper, to nest at a place and size of our choosing. */
const motifBody = (key: string) => (CATEGORY_DRAWINGS[key] ?? '').replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');

function bannerSvg(b: Banner, id: string): string {
  // the mall's carousels crop the sides (about 2.2 : 1) and the promotion pages the top and bottom
  // (about 3.6 : 1): the text sits left of centre and in the middle band, the motif on the right
  const [w, h] = b.shape === 'wide' ? [960, 400] : [640, 480];
  const [tx, ty, titleSize] = b.shape === 'wide' ? [72, 200, 48] : [56, 200, 44];
  const motif = b.shape === 'wide' ? { x: 680, y: 92, s: 0.9 } : { x: 380, y: 250, s: 0.9 };
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.colours[0]}"/><stop offset="1" stop-color="${b.colours[1]}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#${id})"/>`,
    // soft rings behind the motif
    `<g fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="2"><circle cx="${w - 160}" cy="${h / 2}" r="${h * 0.55}"/><circle cx="${w - 160}" cy="${h / 2}" r="${h * 0.8}"/></g>`,
    `<g transform="translate(${motif.x} ${motif.y}) scale(${motif.s})">${motifBody(b.motif)}</g>`,
    `<g font-family="${FONT}" fill="#fff">`,
    `<text x="${tx}" y="${ty - titleSize}" font-size="22" fill-opacity=".85" letter-spacing="4">${xmlText(b.kicker)}</text>`,
    `<text x="${tx}" y="${ty + 12}" font-size="${titleSize}" font-weight="700">${xmlText(b.title)}</text>`,
    `<text x="${tx}" y="${ty + 12 + titleSize}" font-size="22" fill-opacity=".92">${xmlText(b.subtitle)}</text>`,
    '</g></svg>',
  ].join('');
}

/** key → banner; the key names the picture `ban-<key>.svg`. */
const BANNERS: Record<string, Banner> = {
  guoyao: {
    colours: ['#b7282e', '#e0623a'],
    kicker: '国药集团化学试剂 · 品质护航科研',
    title: '国药试剂 通用试剂专场',
    subtitle: '分析纯、优级纯溶剂与无机盐，满 2000 元减 200 元',
    motif: 'reagent-bottle',
    shape: 'wide',
  },
  takara: {
    colours: ['#0b4f9c', '#3a8ee6'],
    kicker: 'TaKaRa 宝日医生物',
    title: '分子生物学工具酶 限时特惠',
    subtitle: 'PrimeSTAR 高保真酶、反转录与 qPCR 试剂，第二件 8 折',
    motif: 'kit',
    shape: 'wide',
  },
  rainin: {
    colours: ['#1f2d3d', '#4b6584'],
    kicker: 'METTLER TOLEDO · RAININ',
    title: 'Rainin 移液器 以旧换新',
    subtitle: '旧移液器抵扣 300 元，赠原厂校准一次',
    motif: 'pipette',
    shape: 'wide',
  },
  school: {
    colours: ['#2f9e6e', '#7bc96f'],
    kicker: '三月开学季',
    title: '课题组备货季 全场满减',
    subtitle: '试剂、耗材、玻璃仪器满 1000 减 80，叠加院所协议价',
    motif: 'glassware',
    shape: 'wide',
  },
  transgen: {
    colours: ['#6a3fb5', '#9b6fe0'],
    kicker: 'TransGen 全式金生物',
    title: '感受态细胞与 PCR 预混液',
    subtitle: 'DH5α、BL21(DE3) 感受态买十赠二，冷链次日达',
    motif: 'centrifuge-tube',
    shape: 'wide',
  },
  macklin: {
    colours: ['#d9480f', '#f59f00'],
    kicker: '麦克林 Macklin',
    title: '有机合成试剂 专题活动',
    subtitle: '硼酸、钯催化剂、保护基试剂 9 折，现货 48 小时发货',
    motif: 'reagent-bottle',
    shape: 'wide',
  },
  'macklin-start': {
    colours: ['#c92a2a', '#f76707'],
    kicker: '麦克林 Macklin · 活动开启',
    title: '新品首发 科研试剂节',
    subtitle: '新上架 3000 余种试剂，首单立减 50 元',
    motif: 'bio-vial',
    shape: 'wide',
  },
  event: {
    colours: ['#5a4fcf', '#796aee'],
    kicker: '平台专题',
    title: '危化品合规采购指南',
    subtitle: '易制毒、易制爆试剂的审批、验收与台账要求一文读懂',
    motif: 'gloves',
    shape: 'wide',
  },
  'login-one-stop': {
    colours: ['#796aee', '#5b8def'],
    kicker: '科研采购平台',
    title: '一站式科研采购',
    subtitle: '试剂、耗材、仪器配件与技术服务',
    motif: 'kit',
    shape: 'slide',
  },
  'login-approval': {
    colours: ['#13a8a8', '#3f8fe0'],
    kicker: '审批 · 验收 · 报销',
    title: '流程线上 全程留痕',
    subtitle: '课题组长、研究所按金额与危化品分级审批',
    motif: 'centrifuge-tube',
    shape: 'slide',
  },
  'login-hazard': {
    colours: ['#e8590c', '#f08c00'],
    kicker: '危化品合规',
    title: '管控化学品 清晰可查',
    subtitle: '易制毒、易制爆、剧毒品标识与审批一目了然',
    motif: 'reagent-bottle',
    shape: 'slide',
  },
};

/** key → the banner's SVG */
export const BANNER_DRAWINGS: Record<string, string> = Object.fromEntries(Object.entries(BANNERS).map(([key, b], i) => [key, bannerSvg(b, `bg${i}`)]));
