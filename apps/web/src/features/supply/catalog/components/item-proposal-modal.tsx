import { DEFAULT_TAX_RATE, TAX_RATE_TEXT, TAX_RATES, type TaxRate } from '@kc/contracts/platform/tax';
import { DICT } from '@kc/contracts/shared/dicts';
import type { CategoryNode } from '@kc/contracts/supply/catalog';
import { HAZARD_LABELS } from '@kc/contracts/supply/catalog';
import { ItemProposalBody } from '@kc/contracts/supply/catalog-supplier-items';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Col, Form, Input, InputNumber, Modal, Row, Select, TreeSelect } from 'antd';
import { useDictOptions } from '../../../../lib/dicts.ts';
import { feedback } from '../../../../lib/feedback.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { catalogKeys } from '../api/catalog-query-keys.ts';
import { getBrands, getCategoryTree, proposeItem } from '../api/supplier-items-api.ts';

interface Values {
  name: string;
  nameEn?: string;
  cas?: string;
  brandId: number;
  catalogNo: string;
  spec: string;
  grade?: string;
  unit: string;
  categoryId: number;
  price: number;
  stock: number;
  hazards?: string[];
  taxRate: TaxRate;
  smiles?: string;
}

type TreeOption = { value: number; title: string; selectable: boolean; children: TreeOption[] };
const toOptions = (nodes: CategoryNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, selectable: n.children.length === 0, children: toOptions(n.children) }));

const GRADES = ['分析纯', '优级纯', '色谱纯', '化学纯', '基准试剂', '生化试剂', '电子级', '98%', '99%'];

/** 新增商品: what the platform reviews before the item is sold (CAS with its check digit, a leaf category, price in yuan sent in fen). */
export function ItemProposalModal({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: () => void }) {
  const taxRates = useDictOptions(
    DICT.TAX_RATE,
    TAX_RATES.map((r) => ({ value: r, label: TAX_RATE_TEXT[r] })),
  ).options;
  const [form] = Form.useForm<Values>();
  const brands = useQuery({ queryKey: catalogKeys.brands, queryFn: getBrands, enabled: open, staleTime: 600_000 });
  const categories = useQuery({ queryKey: catalogKeys.categoryTree, queryFn: getCategoryTree, enabled: open, staleTime: 600_000 });

  const submit = async () => {
    const v = await form.validateFields();
    await proposeItem({
      name: v.name.trim(),
      nameEn: v.nameEn?.trim() || undefined,
      cas: v.cas?.trim() || undefined,
      brandId: v.brandId,
      catalogNo: v.catalogNo.trim(),
      spec: v.spec.trim(),
      grade: v.grade || undefined,
      unit: v.unit.trim(),
      categoryId: v.categoryId,
      price: Math.round(v.price * 100),
      stock: v.stock,
      hazards: (v.hazards ?? []) as ('dangerous' | 'precursor' | 'explosive' | 'toxic')[],
      taxRate: v.taxRate,
      smiles: v.smiles?.trim() || undefined,
    });
    void feedback.successDialog('已提交平台审核，通过后自动上架；审核结果可在“新增申请”中查看。');
    form.resetFields();
    onSent();
  };

  return (
    <Modal open={open} title="新增商品" width={720} okText="提交审核" cancelText="取消" onOk={() => void submit()} onCancel={onClose} forceRender>
      <Form form={form} layout="vertical" name="item-proposal" initialValues={{ unit: '瓶', stock: 0, taxRate: DEFAULT_TAX_RATE }}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label="商品名称" rules={contractRules(ItemProposalBody.shape.name, '请输入商品名称')}>
              <Input maxLength={100} placeholder="如：4-溴苯硼酸" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nameEn" label="英文名称">
              <Input maxLength={200} placeholder="如：4-Bromophenylboronic acid" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="cas" label="CAS 号" rules={contractRules(ItemProposalBody.shape.cas)}>
              <Input maxLength={12} placeholder="如 5467-74-3" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="brandId" label="品牌" rules={[{ required: true, message: '请选择品牌' }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={brands.isLoading}
                options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
                placeholder="请选择品牌"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="catalogNo" label="货号" rules={contractRules(ItemProposalBody.shape.catalogNo)}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="spec" label="规格" rules={contractRules(ItemProposalBody.shape.spec)}>
              <Input maxLength={40} placeholder="如 25g、500ml" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="grade" label="等级">
              <Select allowClear options={GRADES.map((g) => ({ value: g, label: g }))} placeholder="可不选" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="unit" label="单位" rules={contractRules(ItemProposalBody.shape.unit)}>
              <Input maxLength={8} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="categoryId" label="商品分类" rules={[{ required: true, message: '请选择最末一级的商品分类' }]}>
              <TreeSelect treeData={toOptions(categories.data ?? [])} treeDefaultExpandAll loading={categories.isLoading} placeholder="请选择分类" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="price" label="单价（元）" rules={[{ required: true, message: '请输入单价' }]}>
              <InputNumber min={0.01} max={1_000_000} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="stock" label="库存" rules={[{ required: true, message: '请输入库存' }]}>
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="taxRate" label="增值税税率" extra="试剂耗材一般 13%，检测服务 6%">
              <Select options={taxRates} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="hazards" label="管制类别" extra="按《危险化学品目录》等目录如实勾选；平台审核时核对">
              <Checkbox.Group options={Object.entries(HAZARD_LABELS).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="smiles" label="结构式（SMILES，可选）" extra="填写后平台据此绘制二维结构图；不填则按 CAS 号或分类显示示意图">
              <Input maxLength={500} placeholder="如 OB(O)c1ccc(Br)cc1" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
