import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Cascader, Checkbox, Flex, Form, InputNumber, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { REGION_OPTIONS } from '../../../../lib/china-regions.ts';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { deliveryFeeKeys } from '../api/delivery-fee-query-keys.ts';
import { type DeliveryFeeRuleVO, deleteDeliveryFee, getDeliveryFees, saveDeliveryFee } from '../api/delivery-fees-api.ts';
import { deliveryFeeColumns, fen } from '../components/delivery-fee-columns.tsx';

// province → city only: a fee row never goes down to the district
const PLACES = REGION_OPTIONS.map((p) => ({ value: p.value, label: p.label, children: p.children?.map((c) => ({ value: c.value, label: c.label })) }));

interface Values {
  isDefault: boolean;
  region?: string[];
  firstFee: number;
  freeAbove?: number | null;
  hazardFee: number;
}

/**
 * 运费设置: the supplier's delivery fee by region. At checkout each sub-order takes the most
 * specific row for the delivery address (city, then province, then the default row), ships free
 * from the row's threshold, and pays the hazardous-goods surcharge when it holds hazardous items.
 */
export function DeliveryFeesPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<DeliveryFeeRuleVO>({ queryKey: deliveryFeeKeys.all, request: getDeliveryFees, flags: usePageFlags(entry) });
  const rows = list.query.data?.records ?? [];
  const [editing, setEditing] = useState<DeliveryFeeRuleVO | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const isDefault = Form.useWatch('isDefault', form);
  const refresh = () => client.invalidateQueries({ queryKey: deliveryFeeKeys.all });

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    if (editing !== 'new') {
      form.setFieldsValue({
        isDefault: editing.province === '',
        region: editing.province ? [editing.province, ...(editing.city ? [editing.city] : [])] : undefined,
        firstFee: editing.firstFee / 100,
        freeAbove: editing.freeAbove === null ? null : editing.freeAbove / 100,
        hazardFee: editing.hazardFee / 100,
      });
    } else form.setFieldsValue({ isDefault: !rows.some((r) => r.province === ''), firstFee: 0, hazardFee: 0, freeAbove: null });
  }, [editing, form, rows]);

  const save = async () => {
    const v = await form.validateFields();
    const [province = '', city = ''] = v.isDefault ? [] : (v.region ?? []);
    await saveDeliveryFee({
      ...(editing && editing !== 'new' ? { id: editing.id } : {}),
      province,
      city,
      firstFee: fen(v.firstFee),
      freeAbove: v.freeAbove === null || v.freeAbove === undefined ? null : fen(v.freeAbove),
      hazardFee: fen(v.hazardFee),
    });
    feedback.success('已保存');
    setEditing(null);
    await refresh();
  };
  const remove = (r: DeliveryFeeRuleVO) =>
    feedback.modal().confirm({
      title: `删除“${r.region}”的运费？`,
      content: r.province === '' ? '删除默认运费后，未单独设置的地区将免运费。' : '删除后该地区按上一级（省或默认）运费计算。',
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteDeliveryFee(r.id);
        feedback.success('已删除');
        await refresh();
      },
    });

  return (
    <ListPage<DeliveryFeeRuleVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="delivery-fee-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => setEditing('new')} data-testid="delivery-fee-add">
            新增运费
          </Button>
        </Can>
      }
      emptyText="尚未设置运费：全部地区免运费"
      table={{ size: 'middle' }}
      columns={deliveryFeeColumns({ remove, setEditing })}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="结算时按收货地址取最具体的一行：城市 > 省份 > 默认；子订单商品金额达到包邮门槛免首单运费；含危险化学品等管制商品时另加危险品附加费。"
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增运费' : '修改运费'}
        okText="保存"
        cancelText="取消"
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="delivery-fee">
          <Form.Item name="isDefault" valuePropName="checked">
            <Checkbox>默认运费（适用于未单独设置的全部地区）</Checkbox>
          </Form.Item>
          {!isDefault && (
            <Form.Item
              name="region"
              label="地区"
              extra="只选省份即适用于全省；选到城市则只适用于该城市"
              rules={[{ required: true, type: 'array', min: 1, message: '请选择省份或城市' }]}
            >
              <Cascader options={PLACES} changeOnSelect placeholder="省份 / 城市" />
            </Form.Item>
          )}
          <Flex gap={16}>
            <Form.Item name="firstFee" label="首单运费（元）" rules={[{ required: true, message: '请填写首单运费' }]}>
              <InputNumber min={0} max={100_000} precision={2} prefix="¥" style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="freeAbove" label="包邮门槛（元）" extra="留空为不包邮">
              <InputNumber min={0} max={100_000} precision={2} prefix="满 ¥" style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="hazardFee" label="危险品附加费（元）" rules={[{ required: true, message: '请填写危险品附加费' }]}>
              <InputNumber min={0} max={100_000} precision={2} prefix="¥" style={{ width: 150 }} />
            </Form.Item>
          </Flex>
          <Typography.Text type="secondary">金额按分保存；危险品附加费在包邮时同样收取。</Typography.Text>
        </Form>
      </Modal>
    </ListPage>
  );
}
