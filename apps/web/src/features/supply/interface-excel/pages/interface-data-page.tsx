import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { rateLabel } from '@kc/contracts/supply/discounts';
import { INTERFACE_FAMILY_TEXT } from '@kc/contracts/supply/interface-excel';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Table, type TableColumnsType, Tag, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { type ListField, ListPage, type ListRequest, type ListTab, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { saveFile } from '../../../../lib/file-download.ts';
import { money, shanghaiTime } from '../../../../lib/format.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { ACCOUNT_TYPE, getToken } from '../../../../lib/session.ts';
import {
  type ContactRelationVO,
  type ContactVO,
  confirmInterfaceImport,
  exportInterface,
  getInterfacePage,
  type InterfaceDiscountVO,
  type InterfaceFamily,
  type InterfaceImportVO,
  type InterfaceRow,
  interfaceTemplate,
  type SalesActivityVO,
  uploadInterfaceImport,
} from '../api/interface-data-api.ts';
import { interfaceDataKeys } from '../api/interface-data-query-keys.ts';

/** Which families a side lists, and which it imports (the server decides again: scope.ts). */
const SIDES: Record<number, { tabs: InterfaceFamily[]; imports: InterfaceFamily[] }> = {
  [ACCOUNT_TYPE.ADMIN]: { tabs: ['contactsRelation', 'deptDiscount', 'salesActivity', 'contacts'], imports: ['contactsRelation'] },
  [ACCOUNT_TYPE.BUYER]: { tabs: ['contactsRelation', 'deptDiscount', 'salesActivity'], imports: ['contactsRelation'] },
  [ACCOUNT_TYPE.SUPPLIER]: { tabs: ['contacts', 'salesActivity', 'deptDiscount', 'contactsRelation'], imports: ['contacts', 'salesActivity', 'deptDiscount'] },
};
const HINT: Record<InterfaceFamily, string> = {
  contacts: '每行一位联系人；手机号在本供应商内唯一，编号为空时按手机号新增或修改。',
  contactsRelation: '每行一条对应：研究所（研究所管理员可留空，即本所）、部门（留空为全所）、供应商全称与其联系人的手机号（联系人由供应商先行维护）。',
  salesActivity: `活动类型为 促销、拜访、推介会、试用、其他 之一；目标研究所留空即面向全部研究所；日期格式 YYYY-MM-DD。`,
  deptDiscount: '方式为“折扣”时填写折扣（如 9.2 即九二折），为“协议价”时须填写货号与协议价（元，低于目录价）；部门、货号留空即全所、全部商品。',
};
const FIELDS: ListField[] = [{ kind: 'text', name: 'keyword', label: '关键字', placeholder: '姓名、手机号、供应商、商品…', width: 220 }];
const STATUS: Record<InterfaceImportVO['status'], { text: string; color: string }> = {
  ready: { text: '待确认', color: 'processing' },
  invalid: { text: '有错误', color: 'error' },
  applied: { text: '已导入', color: 'success' },
  expired: { text: '已过期', color: 'default' },
};
const time = (v: string) => shanghaiTime(v);

const COLUMNS: Record<InterfaceFamily, TableColumnsType<InterfaceRow>> = {
  contacts: [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '邮箱', dataIndex: 'email', width: 180, render: (v: string | null) => v ?? '—' },
    { title: '职务', dataIndex: 'position', width: 100, render: (v: string | null) => v ?? '—' },
    { title: '负责区域', dataIndex: 'region', width: 120, render: (v: string | null) => v ?? '—' },
    { title: '供应商', dataIndex: 'supplierName', width: 220 },
    { title: '更新时间', dataIndex: 'updatedAt', width: 160, render: time },
  ] as TableColumnsType<ContactVO> as TableColumnsType<InterfaceRow>,
  contactsRelation: [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '研究所', dataIndex: 'instituteName', width: 200 },
    { title: '部门', dataIndex: 'deptName', width: 160, render: (v: string | null) => v ?? '全所' },
    { title: '供应商', dataIndex: 'supplierName', width: 220 },
    { title: '联系人', dataIndex: 'contactName', width: 100 },
    { title: '手机号', dataIndex: 'contactPhone', width: 130 },
    { title: '备注', dataIndex: 'note', render: (v: string | null) => v ?? '—' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 160, render: time },
  ] as TableColumnsType<ContactRelationVO> as TableColumnsType<InterfaceRow>,
  salesActivity: [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '活动名称', dataIndex: 'title', width: 200 },
    { title: '类型', dataIndex: 'kind', width: 80, render: (v: string) => <Tag>{v}</Tag> },
    { title: '目标研究所', dataIndex: 'instituteName', width: 200, render: (v: string | null) => v ?? '全部研究所' },
    { title: '开始', dataIndex: 'startDate', width: 110 },
    { title: '结束', dataIndex: 'endDate', width: 110 },
    { title: '供应商', dataIndex: 'supplierName', width: 220 },
    { title: '活动内容', dataIndex: 'content', ellipsis: true, render: (v: string | null) => v ?? '—' },
  ] as TableColumnsType<SalesActivityVO> as TableColumnsType<InterfaceRow>,
  deptDiscount: [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '研究所', dataIndex: 'instituteName', width: 200 },
    { title: '部门', dataIndex: 'deptName', width: 150, render: (v: string | null) => v ?? '全所' },
    { title: '商品', key: 'item', width: 200, render: (_, r) => (r.itemId ? `${r.itemName ?? ''}（${r.catalogNo ?? ''}）` : '全部商品') },
    {
      title: '折扣 / 协议价',
      key: 'value',
      width: 120,
      render: (_, r) => (r.kind === 'rate' && r.rate !== null ? rateLabel(r.rate) : r.price !== null ? money(r.price) : '—'),
    },
    { title: '有效期', key: 'valid', width: 210, render: (_, r) => `${r.validFrom} 至 ${r.validTo}` },
    { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
    { title: '供应商', dataIndex: 'supplierName', width: 220 },
  ] as TableColumnsType<InterfaceDiscountVO> as TableColumnsType<InterfaceRow>,
};

/**
 * 接口数据 (/interface/v1): 供应商联系人, 联系人对应, 销售活动 and 协议价 as tabs, each listed with
 * search and paging in the caller's scope, exported to Excel, and imported from Excel: upload →
 * every bad row listed (row, column, reason) or a preview of 新增 / 修改 → 确认导入 applies all in one go.
 */
export function InterfaceDataPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const side = SIDES[getToken()?.accountType ?? ACCOUNT_TYPE.BUYER] ?? SIDES[ACCOUNT_TYPE.BUYER];
  const tabs: ListTab[] = useMemo(() => side.tabs.map((f) => ({ key: f, label: INTERFACE_FAMILY_TEXT[f] })), [side]);
  const request = (q: ListRequest) => {
    const f = (q.tab as InterfaceFamily | undefined) ?? side.tabs[0];
    return getInterfacePage(f, { current: q.current, size: q.size, keyword: q.keyword as string | undefined });
  };
  const list = useListPage<InterfaceRow>({
    queryKey: interfaceDataKeys.all,
    fields: FIELDS,
    tabs,
    defaultTab: side.tabs[0],
    request,
    flags: usePageFlags(entry),
  });
  const family = (list.tab as InterfaceFamily | undefined) ?? side.tabs[0];
  const name = INTERFACE_FAMILY_TEXT[family];
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<InterfaceImportVO | null>(null);
  const canImport = side.imports.includes(family);

  const send = async (file: File) => {
    setBusy(true);
    try {
      setResult(await uploadInterfaceImport(family, file));
    } catch {
      // shown by the error catalogue
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!result) return;
    setBusy(true);
    try {
      const r = await confirmInterfaceImport(family, result.id);
      feedback.success(`已导入：新增 ${r.created} 条，修改 ${r.updated} 条`);
      setResult({ ...result, status: 'applied' });
      await client.invalidateQueries({ queryKey: interfaceDataKeys.all });
    } catch {
      // shown by the error catalogue
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setImporting(false);
    setResult(null);
  };

  return (
    <ListPage<InterfaceRow>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="interface-data-search"
      onExport={() => exportInterface(family, list.request.keyword as string | undefined, name).then(saveFile)}
      exportTestId="interface-data-export"
      toolbar={
        canImport ? (
          <Can flag="add">
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="interface-data-import">
              导入{name}
            </Button>
          </Can>
        ) : null
      }
      columns={COLUMNS[family]}
      emptyText={`暂无${name}`}
      table={{ scroll: { x: 1200 }, size: 'middle' }}
    >
      <Modal
        open={importing}
        title={`导入${name}`}
        width={860}
        onCancel={close}
        destroyOnHidden
        footer={
          <Flex justify="space-between">
            <Button icon={<DownloadOutlined />} onClick={() => void interfaceTemplate(family, name).then(saveFile, () => undefined)}>
              下载模板
            </Button>
            <Flex gap={8}>
              <Button onClick={close}>关闭</Button>
              {result?.status === 'ready' && (
                <Button type="primary" loading={busy} onClick={() => void confirm()} data-testid="interface-data-confirm">
                  确认导入（新增 {result.creates}，修改 {result.updates}）
                </Button>
              )}
            </Flex>
          </Flex>
        }
      >
        <Flex vertical gap={12}>
          <Alert
            type="info"
            showIcon
            title={HINT[family]}
            description="可先导出现有数据，修改后再导入：带编号的行修改该条记录。上传后逐行校验，全部无误才能确认；确认后一次性写入，任何一行失败则全部不写入。"
          />
          <Upload
            accept=".xlsx"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              // sent here, not by Upload's own request (which would not be signed)
              void send(f);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="interface-data-upload">
              选择 Excel 文件
            </Button>
          </Upload>
          {result && (
            <>
              <Flex gap={8} align="center">
                <span>{result.fileName}</span>
                <Tag color={STATUS[result.status].color}>{STATUS[result.status].text}</Tag>
                <span>
                  共 {result.totalRows} 行{result.errorRows ? `，${result.errorRows} 行有错误` : `，新增 ${result.creates} 条，修改 ${result.updates} 条`}
                </span>
              </Flex>
              {result.errors.length ? (
                <Table
                  rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
                  size="small"
                  dataSource={result.errors}
                  pagination={{ pageSize: 10 }}
                  columns={[
                    { title: '行号', dataIndex: 'row', width: 70 },
                    { title: '列', dataIndex: 'column', width: 120 },
                    { title: '错误原因', dataIndex: 'message' },
                  ]}
                />
              ) : (
                <Table
                  rowKey="row"
                  size="small"
                  dataSource={result.preview}
                  pagination={{ pageSize: 10 }}
                  columns={[
                    { title: '行号', dataIndex: 'row', width: 70 },
                    { title: '操作', dataIndex: 'action', width: 80, render: (v: string) => <Tag color={v === '新增' ? 'green' : 'blue'}>{v}</Tag> },
                    { title: '内容', dataIndex: 'summary' },
                  ]}
                />
              )}
            </>
          )}
        </Flex>
      </Modal>
    </ListPage>
  );
}
