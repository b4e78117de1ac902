import { Button, Card, Checkbox, Flex, InputNumber, Radio, Space, Tree, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import type { CategoryNode, SearchFacets } from '../api/catalog-api.ts';
import { useBrands, useCategoryTree } from '../api/use-catalog-queries.ts';
import type { SearchState } from '../search-state.ts';

type Patch = Partial<SearchState>;

interface TreeNode {
  key: number;
  title: string;
  children?: TreeNode[];
}

function toTree(nodes: CategoryNode[], counts: Map<number, number>): TreeNode[] {
  return nodes.map((n) => {
    const count = counts.get(n.id);
    return { key: n.id, title: count !== undefined ? `${n.name} (${count})` : n.name, children: n.children.length ? toTree(n.children, counts) : undefined };
  });
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <div data-testid={testId}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
        {title}
      </Typography.Text>
      {children}
    </div>
  );
}

function PriceRange({ state, onChange }: { state: SearchState; onChange: (p: Patch) => void }) {
  const [min, setMin] = useState<number | null>(state.priceMin);
  const [max, setMax] = useState<number | null>(state.priceMax);
  useEffect(() => {
    setMin(state.priceMin);
    setMax(state.priceMax);
  }, [state.priceMin, state.priceMax]);
  const apply = () => {
    const [lo, hi] = min !== null && max !== null && min > max ? [max, min] : [min, max];
    onChange({ priceMin: lo, priceMax: hi });
  };
  return (
    <Flex vertical gap={6}>
      <Space.Compact size="small">
        <InputNumber aria-label="最低价" placeholder="最低 ¥" min={0} precision={2} value={min} onChange={setMin} style={{ width: '50%' }} />
        <InputNumber aria-label="最高价" placeholder="最高 ¥" min={0} precision={2} value={max} onChange={setMax} style={{ width: '50%' }} />
      </Space.Compact>
      <Flex gap={6}>
        <Button size="small" type="primary" onClick={apply}>
          确定
        </Button>
        <Button size="small" onClick={() => onChange({ priceMin: null, priceMax: null })}>
          清除
        </Button>
      </Flex>
    </Flex>
  );
}

/** Left column of /search: category tree, brands with counts, supplier, grade, price range (元), in stock only. */
export function SearchFilters({ state, facets, onChange }: { state: SearchState; facets: SearchFacets | undefined; onChange: (p: Patch) => void }) {
  const tree = useCategoryTree();
  const allBrands = useBrands();
  const categoryCounts = new Map((facets?.categories ?? []).map((c) => [c.id, c.count]));
  const brands = facets?.brands ?? [];
  // brands already chosen stay listed even when the other filters leave them no results
  const chosenMissing = state.brandIds.filter((id) => !brands.some((b) => b.id === id));
  return (
    <Card size="small" title="筛选">
      <Flex vertical gap={16}>
        <Section title="分类" testId="filter-category">
          {tree.data && (
            <Tree
              blockNode
              defaultExpandAll
              treeData={toTree(tree.data ?? [], categoryCounts)}
              selectedKeys={state.categoryId ? [state.categoryId] : []}
              onSelect={(keys) => onChange({ categoryId: keys.length ? Number(keys[0]) : 0 })}
              style={{ fontSize: 13 }}
            />
          )}
        </Section>
        <Section title="品牌" testId="filter-brand">
          <Checkbox.Group
            value={state.brandIds}
            onChange={(v) => onChange({ brandIds: (v as number[]).slice(0, 20) })}
            style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 240, overflowY: 'auto' }}
            options={[
              ...brands.map((b) => ({ value: b.id, label: `${b.name} (${b.count})` })),
              ...chosenMissing.map((id) => ({ value: id, label: `${allBrands.data?.find((b) => b.id === id)?.name ?? `品牌 ${id}`} (0)` })),
            ]}
          />
          {brands.length === 0 && chosenMissing.length === 0 && <Typography.Text type="secondary">无</Typography.Text>}
        </Section>
        <Section title="供应商" testId="filter-supplier">
          <Radio.Group
            value={state.supplierId}
            onChange={(e) => onChange({ supplierId: e.target.value as number })}
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            options={[{ value: 0, label: '全部' }, ...(facets?.suppliers ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.count})` }))]}
          />
        </Section>
        <Section title="等级" testId="filter-grade">
          <Radio.Group
            value={state.grade}
            onChange={(e) => onChange({ grade: e.target.value as string })}
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            options={[{ value: '', label: '全部' }, ...(facets?.grades ?? []).map((g) => ({ value: g.grade, label: `${g.grade} (${g.count})` }))]}
          />
        </Section>
        <Section title="价格（元）" testId="filter-price">
          <PriceRange state={state} onChange={onChange} />
        </Section>
        <Checkbox checked={state.inStock} onChange={(e) => onChange({ inStock: e.target.checked })} data-testid="filter-in-stock">
          仅看有货
        </Checkbox>
      </Flex>
    </Card>
  );
}
