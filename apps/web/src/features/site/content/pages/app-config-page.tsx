import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Modal, Select, Switch, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ListPage, type ListTab, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { type AppConfigVO, type AppFamily, addAppConfig, deleteAppConfig, getAppConfigs, setAppConfigActive } from '../api/app-config-api.ts';
import { contentKeys } from '../api/content-query-keys.ts';

const TABS: ListTab[] = [
  { key: 'page', label: 'App 页面配置' },
  { key: 'version', label: 'App 版本配置' },
];
const summary = (r: AppConfigVO) => {
  const p = r.payload as Record<string, unknown>;
  if (r.kind === 'page')
    return `登录背景：${p.loginBackground ? '已设置' : '默认'}；横幅 ${(p.banners as string[] | undefined)?.length ?? 0} 张${p.notice ? `；公告：${p.notice}` : ''}`;
  return `${p.platform === 'ios' ? 'iOS' : 'Android'} ${p.version}（build ${p.build}）${p.forceUpdate ? '，强制更新' : ''}`;
};

/**
 * App 页面与版本: each institute's mobile login page (background, banners, notice) and app versions
 * (per platform), the platform's as the default. Each institute has at most one active page config
 * and one active version per platform — the server refuses a second start.
 */
export function AppConfigPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<AppConfigVO>({
    queryKey: contentKeys.appConfig,
    tabs: TABS,
    defaultTab: 'page',
    request: (q) => getAppConfigs((q.tab as AppFamily) ?? 'page')({ current: q.current, size: q.size }),
    flags: usePageFlags(entry),
  });
  const family = (list.tab as AppFamily) ?? 'page';
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm();
  const refresh = () => client.invalidateQueries({ queryKey: contentKeys.appConfig });
  const act = (r: AppConfigVO, action: 'start' | 'stop' | 'delete') =>
    feedback.modal().confirm({
      title: `确认${action === 'start' ? '启用' : action === 'stop' ? '停用' : '删除'}“${r.title}”？`,
      content: action === 'start' ? '同一研究所同类配置只能启用一个。' : undefined,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        if (action === 'delete') await deleteAppConfig(family, r.id);
        else await setAppConfigActive(family, r.id, action);
        feedback.success('已保存');
        await refresh();
      },
    });
  const save = async () => {
    const v = await form.validateFields();
    const payload =
      family === 'page'
        ? { loginBackground: v.loginBackground?.trim() || null, banners: (v.banners ?? '').split(/\s+/).filter(Boolean), notice: v.notice?.trim() ?? '' }
        : {
            platform: v.platform,
            version: v.version.trim(),
            build: v.build,
            downloadUrl: v.downloadUrl.trim(),
            forceUpdate: !!v.forceUpdate,
            notes: v.notes?.trim() ?? '',
          };
    await addAppConfig(family, { title: v.title.trim(), payload });
    feedback.success('已保存');
    setAdding(false);
    await refresh();
  };
  return (
    <ListPage<AppConfigVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      toolbar={
        <Can flag="add">
          <Button
            type="primary"
            onClick={() => {
              form.resetFields();
              setAdding(true);
            }}
          >
            新增{family === 'page' ? '页面配置' : '版本'}
          </Button>
        </Can>
      }
      emptyText={family === 'page' ? '暂无 App 页面配置：未配置时 App 使用平台默认' : '暂无 App 版本'}
      columns={[
        { title: '名称', dataIndex: 'title', width: 180 },
        { title: '研究所', dataIndex: 'instituteName', width: 180 },
        { title: '内容', key: 's', render: (_, r) => summary(r) },
        { title: '状态', dataIndex: 'status', width: 80, render: (s: number) => (s === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
        { title: '更新时间', dataIndex: 'updatedAt', width: 160, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
        {
          title: '操作',
          key: 'a',
          width: 140,
          render: (_, r) => (
            <Can flag="modify">
              <Flex gap={4}>
                <Button type="link" size="small" onClick={() => act(r, r.status === 1 ? 'stop' : 'start')}>
                  {r.status === 1 ? '停用' : '启用'}
                </Button>
                {r.status === 0 && (
                  <Button type="link" size="small" danger onClick={() => act(r, 'delete')}>
                    删除
                  </Button>
                )}
              </Flex>
            </Can>
          ),
        },
      ]}
    >
      <Modal
        open={adding}
        title={family === 'page' ? '新增 App 页面配置' : '新增 App 版本'}
        okText="保存"
        cancelText="取消"
        onOk={save}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name="app-config-form" initialValues={{ platform: 'android', build: 1 }}>
          <Form.Item name="title" label="名称" rules={[{ required: true, message: '请填写名称' }]}>
            <Input maxLength={50} />
          </Form.Item>
          {family === 'page' ? (
            <>
              <Form.Item name="loginBackground" label="登录页背景图地址" rules={[{ type: 'url', message: '请填写有效的图片地址' }]}>
                <Input placeholder="https://" />
              </Form.Item>
              <Form.Item name="banners" label="横幅图片地址（每行一个，最多 8 个）">
                <Input.TextArea rows={3} />
              </Form.Item>
              <Form.Item name="notice" label="登录页公告">
                <Input.TextArea rows={2} maxLength={500} />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name="platform" label="平台">
                <Select
                  options={[
                    { value: 'android', label: 'Android' },
                    { value: 'ios', label: 'iOS' },
                  ]}
                />
              </Form.Item>
              <Form.Item name="version" label="版本号" rules={[{ required: true, pattern: /^\d+\.\d+\.\d+$/, message: '版本号格式为 主.次.修订，如 2.1.0' }]}>
                <Input placeholder="2.1.0" />
              </Form.Item>
              <Form.Item name="build" label="构建号" rules={[{ required: true }]}>
                <InputNumber min={1} />
              </Form.Item>
              <Form.Item name="downloadUrl" label="下载地址" rules={[{ required: true, type: 'url', message: '请填写有效的下载地址' }]}>
                <Input placeholder="https://" />
              </Form.Item>
              <Form.Item name="forceUpdate" label="强制更新" valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="notes" label="更新说明">
                <Input.TextArea rows={3} maxLength={1000} />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </ListPage>
  );
}
