import { RULE_THRESHOLD, RULE_TYPE_TEXT, type RuleType, type WarningRuleVO } from '@kc/contracts/oversight/warnings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, InputNumber, Select, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { warningKeys } from '../api/warning-query-keys.ts';
import { getWarningRules, saveWarningRule, scanWarnings } from '../api/warnings-api.ts';

type Draft = Record<RuleType, { enabled: boolean; threshold: number }>;

/**
 * /cass/warning/rules (预警规则): the institute's rule per type — on or off and its one threshold
 * (days before expiry, containers left, days overdue, percent of a card left) — and 立即检查, which
 * runs the daily check of the institute now. The platform admin chooses the institute.
 */
export function WarningRulesPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const flags = usePageFlags(entry);
  const [instituteId, setInstituteId] = useState<number | undefined>(undefined);
  const { data, isLoading } = useQuery({ queryKey: warningKeys.instituteRules(instituteId ?? 0), queryFn: () => getWarningRules(instituteId) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    if (data) setDraft(Object.fromEntries(data.rules.map((r) => [r.type, { enabled: r.enabled, threshold: r.threshold }])) as Draft);
  }, [data]);

  const save = async (type: RuleType) => {
    if (!draft || !data) return;
    setBusy(type);
    try {
      await saveWarningRule({ instituteId: data.instituteId, type, ...draft[type] });
      feedback.success('预警规则已保存');
      await client.invalidateQueries({ queryKey: warningKeys.rules });
    } catch {
      // shown by the request client
    } finally {
      setBusy(null);
    }
  };
  const scan = async () => {
    if (!data) return;
    setBusy('scan');
    try {
      const r = await scanWarnings(data.instituteId);
      feedback.success(`检查完成：新增 ${r.created} 条预警，自动解决 ${r.resolved} 条，恢复 ${r.woken} 条暂缓到期的预警`);
      await Promise.all([client.invalidateQueries({ queryKey: warningKeys.all }), client.invalidateQueries({ queryKey: warningKeys.openCount })]);
    } catch {
      // shown by the request client
    } finally {
      setBusy(null);
    }
  };
  const changed = (r: WarningRuleVO) => !!draft && (draft[r.type].enabled !== r.enabled || draft[r.type].threshold !== r.threshold);

  return (
    <PageFrame
      title={entry.name}
      parents={entry.parents}
      home={home}
      extra={
        <Flex gap={8} align="center">
          {data && data.institutes.length > 1 && (
            <Select
              style={{ width: 260 }}
              value={data.instituteId}
              options={data.institutes.map((i) => ({ value: i.id, label: i.name }))}
              onChange={(v) => setInstituteId(v)}
              data-testid="warning-rule-institute"
            />
          )}
          <Button type="primary" loading={busy === 'scan'} onClick={() => void scan()} data-testid="warning-scan">
            立即检查
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">
        {data ? `${data.instituteName}：` : ''}
        每天 07:30 按以下规则检查一次，同一事项只预警一次；条件消失（已发货、发票已开齐、已补货……）的预警自动解决。每人每天收到一条待处理预警的汇总消息。
      </Typography.Paragraph>
      <Table<WarningRuleVO>
        rowKey="type"
        loading={isLoading}
        dataSource={data?.rules ?? []}
        pagination={false}
        columns={[
          {
            title: '预警类型',
            key: 'type',
            width: 180,
            render: (_, r) => (
              <Flex vertical>
                <span>{RULE_TYPE_TEXT[r.type]}</span>
                {r.isDefault && <Tag style={{ width: 'fit-content' }}>默认值</Tag>}
              </Flex>
            ),
          },
          { title: '说明', key: 'help', render: (_, r) => <Typography.Text type="secondary">{RULE_THRESHOLD[r.type].help}</Typography.Text> },
          {
            title: '启用',
            key: 'enabled',
            width: 80,
            render: (_, r) => (
              <Switch
                checked={draft?.[r.type].enabled ?? r.enabled}
                onChange={(enabled) => draft && setDraft({ ...draft, [r.type]: { ...draft[r.type], enabled } })}
                data-testid={`warning-rule-enabled-${r.type}`}
              />
            ),
          },
          {
            title: '阈值',
            key: 'threshold',
            width: 240,
            render: (_, r) => {
              const t = RULE_THRESHOLD[r.type];
              return (
                <Flex gap={6} align="center">
                  <span>{t.label}</span>
                  <InputNumber
                    min={t.min}
                    max={t.max}
                    precision={0}
                    style={{ width: 90 }}
                    value={draft?.[r.type].threshold ?? r.threshold}
                    onChange={(v) => draft && v !== null && setDraft({ ...draft, [r.type]: { ...draft[r.type], threshold: v } })}
                    data-testid={`warning-rule-threshold-${r.type}`}
                  />
                  <span>{t.unit}</span>
                </Flex>
              );
            },
          },
          {
            title: '操作',
            key: 'save',
            width: 90,
            render: (_, r) => (
              <Can flag="modify" flags={flags}>
                <Button
                  type="link"
                  size="small"
                  disabled={!changed(r)}
                  loading={busy === r.type}
                  onClick={() => void save(r.type)}
                  data-testid={`warning-rule-save-${r.type}`}
                >
                  保存
                </Button>
              </Can>
            ),
          },
        ]}
      />
    </PageFrame>
  );
}
