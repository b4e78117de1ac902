import type { RouteMeta } from '../lib/route-meta.ts';

/** Access class of a route of docs/domains/platform.md#route-classes. */
export type RouteClass = 'public' | 'login' | 'print' | 'dashboard';

export interface SpecRoute {
  path: string;
  kind: RouteClass;
  meta: RouteMeta;
}

const pub = (path: string, title: string, extra: RouteMeta = {}): SpecRoute => ({ path, kind: 'public', meta: { title, nologin: true, ...extra } });
const login = (path: string, title: string): SpecRoute => ({ path, kind: 'login', meta: { title, nomenu: true } });
const print = (path: string, title: string): SpecRoute => ({ path, kind: 'print', meta: { title, nomenu: true, print: true } });
const dash = (path: string, title: string, userType: 1 | 2): SpecRoute => ({ path, kind: 'dashboard', meta: { title, userType } });

/**
 * Every browser route docs/domains/platform.md#route-classes names, with its meta. Whoever renders a route (this shell or a
 * feature), the guard reads these defaults, so a route keeps its access class even when its
 * element comes from another module. A route's own `handle` may add to them.
 */
export const SPEC_ROUTES: SpecRoute[] = [
  pub('/', '欢迎使用科研采购平台'),
  pub('/bigMall', '科研商城'),
  pub('/techService', '技术服务'),
  pub('/bid', '招标采购'),
  pub('/download', '下载中心'),
  pub('/login', '登录'),
  pub('/asaglogin.lf', '单点登录'),
  pub('/cassSupplierRegister', '供应商注册'),
  pub('/resetPwd', '找回密码'),
  pub('/resetPassWordSuccess', '密码重置成功'),
  pub('/notice', '平台公告'),
  pub('/noUser', '账号不存在'),
  pub('/500', '服务器出错了'),
  pub('/404', '页面不存在'),
  pub('/403', '无权访问'),
  pub('/getToken', '单点登录'),
  pub('/casSSO', '单点登录'),
  pub('/api/zjs/cas/sso.lf', '单点登录'),
  pub('/casSSOUnFreeze', '单点登录账号解冻'),
  pub('/UnFreeze', '账号解冻', { requireProgrammaticNavigation: true }),
  pub('/CassLoginPrivacyPolicy', '隐私政策'),
  pub('/CassServiceSSoToLogin', '单点登录'),
  pub('/platform/secret_service_show.lf', '隐私政策'),
  pub('/platform/cass_secret_service_show', '平台服务协议'),
  pub('/LoginSwiperPage', '平台介绍'),

  login('/item_detail.lf', '商品详情'),
  login('/search', '商品搜索'),
  login('/platform/shop.lf', '店铺详情'),
  login('/cart', '购物车'),
  login('/confirmOrder', '确认订单'),
  login('/successOrder', '下单成功'),
  login('/helpCenter', '帮助中心'),
  login('/guoyaoNews', '国药试剂专题'),
  login('/takaraNews', 'TaKaRa 专题'),
  login('/RaininNews', 'Rainin 专题'),
  login('/MarchSchoolSeasonNews', '开学季专题'),
  login('/transGenNews', '全式金专题'),
  login('/Mklaction', '麦克林专题活动'),
  login('/MklactionStart', '麦克林专题活动'),
  login('/BannerEvent', '专题活动'),
  login('/CassToOtherWeb', '跳转外部系统'),
  login('/NoItemDetailPage', '商品已下架'),
  login('/NoShopDetailPage', '店铺已关闭'),

  print('/printBuyOrder', '打印采购单'),
  print('/printOrder', '打印订单'),
  print('/printOrderPl', '批量打印订单'),
  print('/printPurchaseOrder', '打印采购订单'),
  print('/printOutboundOrder', '打印出库单'),
  print('/printPutOrder', '打印入库单'),
  print('/CassPrintOutboundOrderRubber', '打印出库单（胶版）'),
  print('/CassPrintPutOrderRubber', '打印入库单（胶版）'),
  print('/printPDF', '打印报销单'),
  print('/printSupplierPDF', '打印供应商报销单'),
  print('/cassSupplierPrintOrder', '打印订单'),
  print('/cassSupplierPrintPurchaseOrder', '打印采购订单'),
  print('/cassSupplierPrintSubOrder', '打印子订单'),

  dash('/caas', '控制台', 1),
  dash('/cass/dashbord', '控制台', 1),
  dash('/caasSupplier', '控制台', 2),
  dash('/cassSupplier/dashbord', '控制台', 2),
];

const BY_PATH = new Map(SPEC_ROUTES.map((r) => [r.path, r]));

export function specRoute(path: string): SpecRoute | undefined {
  return BY_PATH.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
}

/** Print pages render without the shell. */
export function isPrintPath(path: string): boolean {
  return specRoute(path)?.kind === 'print';
}
