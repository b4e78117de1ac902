/**
 * Pages whose menu entries exist now but whose function comes with a later issue. Each opens
 * with its real frame: title, breadcrumb, the search form it will have, and an empty table that
 * says what it will list.
 */
export interface FrameFilter {
  name: string;
  label: string;
  kind: 'text' | 'select' | 'dateRange';
  options?: { value: string; label: string }[];
}

export interface FrameSpec {
  title: string;
  filters: FrameFilter[];
  columns: string[];
  emptyText: string;
}

const orderStatus = [
  { value: 'approving', label: '审批中' },
  { value: 'confirming', label: '待供应商确认' },
  { value: 'delivering', label: '待发货' },
  { value: 'arrived', label: '已到货' },
  { value: 'completed', label: '已完成' },
  { value: 'cancelled', label: '已取消' },
];
const orderFilters: FrameFilter[] = [
  { name: 'orderNo', label: '订单号', kind: 'text' },
  { name: 'itemName', label: '商品名称', kind: 'text' },
  { name: 'supplierName', label: '供应商', kind: 'text' },
  { name: 'status', label: '订单状态', kind: 'select', options: orderStatus },
  { name: 'createdAt', label: '下单时间', kind: 'dateRange' },
];
const orderColumns = ['订单号', '商品', '供应商', '金额（元）', '下单人', '下单时间', '状态', '操作'];

export const FRAMES: Record<string, FrameSpec> = {
  'order/my-order': { title: '我的订单', filters: orderFilters, columns: orderColumns, emptyText: '暂无订单：您提交的采购订单将在此列出' },
  'order/approve': { title: '订单审批', filters: orderFilters, columns: orderColumns, emptyText: '暂无待审批订单：需要您审批的订单将在此列出' },
  'order/check': { title: '订单验收', filters: orderFilters, columns: orderColumns, emptyText: '暂无待验收订单：已到货、等待您验收的订单将在此列出' },
  'order/institute': { title: '本所订单', filters: orderFilters, columns: orderColumns, emptyText: '暂无订单：审批通过的订单将在此列出' },
  'mall/address': {
    title: '收货地址',
    filters: [{ name: 'recvName', label: '收货人', kind: 'text' }],
    columns: ['收货人', '联系电话', '所在地区', '详细地址', '默认地址', '操作'],
    emptyText: '暂无收货地址：您添加的收货地址将在此列出',
  },
  'claim/my': {
    title: '我的报销',
    filters: [
      { name: 'claimNo', label: '报销单号', kind: 'text' },
      { name: 'orderNo', label: '订单号', kind: 'text' },
      { name: 'createdAt', label: '申请时间', kind: 'dateRange' },
    ],
    columns: ['报销单号', '关联订单', '金额（元）', '申请时间', '状态', '操作'],
    emptyText: '暂无报销单：您为已完成订单申请的报销将在此列出',
  },
  'claim/merge': {
    title: '合并报销',
    filters: [
      { name: 'claimNo', label: '报销单号', kind: 'text' },
      { name: 'applicant', label: '申请人', kind: 'text' },
      { name: 'createdAt', label: '申请时间', kind: 'dateRange' },
    ],
    columns: ['合并单号', '报销单数', '金额（元）', '申请人', '申请时间', '状态', '操作'],
    emptyText: '暂无待合并报销：等待财务合并处理的报销单将在此列出',
  },
  'statistics/index': {
    title: '统计分析',
    filters: [
      { name: 'month', label: '统计月份', kind: 'dateRange' },
      { name: 'supplierName', label: '供应商', kind: 'text' },
      { name: 'brand', label: '品牌', kind: 'text' },
    ],
    columns: ['统计维度', '订单数', '采购金额（元）', '占比'],
    emptyText: '暂无统计数据：按月份、供应商、商品与品牌汇总的采购金额将在此列出',
  },
  'system/resource': {
    title: '资源管理',
    filters: [{ name: 'name', label: '资源名称', kind: 'text' }],
    columns: ['资源名称', '类型', '路径', '权限标识', '排序', '操作'],
    emptyText: '暂无资源：菜单、按钮、模块与功能资源将在此列出',
  },
  'system/limit': {
    title: '数量限制',
    filters: [{ name: 'instituteName', label: '研究所', kind: 'text' }],
    columns: ['研究所', '用户数上限', '部门数上限', '子账号上限', '操作'],
    emptyText: '暂无数量限制：各研究所的用户数、部门数与子账号上限将在此列出',
  },
  'system/buy-tip': {
    title: '购买须知',
    filters: [{ name: 'title', label: '标题', kind: 'text' }],
    columns: ['标题', '适用范围', '更新时间', '操作'],
    emptyText: '暂无购买须知：下单前向采购人展示的购买须知将在此列出',
  },

  'supplier/item': {
    title: '商品管理',
    filters: [
      { name: 'name', label: '商品名称', kind: 'text' },
      { name: 'catalogNo', label: '货号', kind: 'text' },
      { name: 'cas', label: 'CAS 号', kind: 'text' },
    ],
    columns: ['商品名称', '货号', '品牌', '规格', '价格（元）', '库存', '状态', '操作'],
    emptyText: '暂无商品：贵公司发布的商品将在此列出',
  },
  'supplier/order': {
    title: '订单管理',
    filters: orderFilters.filter((f) => f.name !== 'supplierName'),
    columns: ['订单号', '商品', '采购单位', '金额（元）', '下单时间', '状态', '操作'],
    emptyText: '暂无订单：采购方下给贵公司的订单将在此列出',
  },
  'supplier/child-user': {
    title: '子账号管理',
    filters: [{ name: 'userName', label: '用户名', kind: 'text' }],
    columns: ['用户名', '姓名', '手机号', '角色', '状态', '操作'],
    emptyText: '暂无子账号：贵公司的子账号将在此列出',
  },
};

/** A menu entry this client does not know at all (added by an administrator): a frame named after it. */
export function genericFrame(name: string): FrameSpec {
  return {
    title: name,
    filters: [{ name: 'keyword', label: '关键字', kind: 'text' }],
    columns: ['名称', '说明', '更新时间', '操作'],
    emptyText: `暂无数据：${name}的记录将在此列出`,
  };
}
