import { SHOP_REVIEW } from '@kc/contracts/supply/shop';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { HtmlEditor } from '../../../../components/html-editor.tsx';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can } from '../../../../components/page-flags.tsx';
import type { PageFlags } from '../../../../components/page-flags-rule.ts';
import { RichHtml } from '../../../../components/rich-html.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { getNotices, type ShopNoticeVO, saveNotice } from '../api/shop-content-api.ts';
import { shopKeys } from '../api/shop-query-keys.ts';
import { BareFrame } from './bare-frame.tsx';
import { ContentActions } from './content-actions.tsx';
import { REVIEW_TABS, ReviewState, windowText } from './review-state.tsx';
import { fromWindow, toWindow, WindowFields } from './window-fields.tsx';

type Values = { title: string; content: string; startAt?: Dayjs | null; endAt?: Dayjs | null };

/** 店铺公告: title and HTML (filtered on the server), shown on the shop page within its window once approved. */
export function NoticesTab({ flags }: { flags: PageFlags }) {
  const client = useQueryClient();
  const list = useListPage<ShopNoticeVO>({ queryKey: shopKeys.notices, tabs: REVIEW_TABS, request: getNotices, flags });
  const [editing, setEditing] = useState<ShopNoticeVO | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const refresh = () => client.invalidateQueries({ queryKey: shopKeys.notices });
  const open = (row: ShopNoticeVO | 'new') => {
    setEditing(row);
    if (row === 'new') form.setFieldsValue({ title: '', content: '', startAt: null, endAt: null });
    else {
      const v = row.pending && row.status !== SHOP_REVIEW.APPROVED ? row.pending : row;
      form.setFieldsValue({ title: v.title, content: v.content, ...fromWindow(v.startAt, v.endAt) });
    }
  };
  const save = async () => {
    const v = await form.validateFields();
    await saveNotice({ id: editing === 'new' || !editing ? undefined : editing.id, title: v.title.trim(), content: v.content, ...toWindow(v) });
    feedback.success('已提交，平台审核通过后买家可见');
    setEditing(null);
    await refresh();
  };
  return (
    <ListPage<ShopNoticeVO>
      list={list}
      title="公告"
      frame={BareFrame}
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => open('new')}>
            新增公告
          </Button>
        </Can>
      }
      emptyText="还没有店铺公告"
      table={{
        size: 'middle',
        scroll: { x: 900 },
        expandable: { expandedRowRender: (n) => <RichHtml html={n.pending && n.status !== SHOP_REVIEW.APPROVED ? n.pending.content : n.content} /> },
      }}
      columns={[
        {
          title: '标题',
          key: 'title',
          render: (_, n) => (
            <Flex vertical gap={2}>
              <span>{n.title}</span>
              {n.pending && n.live && <Typography.Text type="warning">待生效版本：{n.pending.title}</Typography.Text>}
            </Flex>
          ),
        },
        { title: '展示时间', key: 'window', width: 220, render: (_, n) => windowText(n.startAt, n.endAt) },
        { title: '状态', key: 'status', width: 200, render: (_, n) => <ReviewState {...n} /> },
        {
          title: '操作',
          key: 'actions',
          width: 160,
          fixed: 'right',
          render: (_, n) => <ContentActions kind="notice" row={n} onEdit={() => open(n)} onDone={refresh} />,
        },
      ]}
    >
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增公告' : '修改公告'}
        okText="提交审核"
        cancelText="取消"
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
        width={720}
      >
        <Form form={form} layout="vertical" name="shop-notice-edit">
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, min: 2, message: '公告标题至少 2 个字' }]}>
            <Input maxLength={60} showCount placeholder="如：春节发货安排" />
          </Form.Item>
          <Form.Item
            name="content"
            label="内容"
            rules={[{ required: true, whitespace: true, message: '请填写公告内容' }]}
            extra="脚本、事件属性等不安全内容会被过滤"
          >
            <HtmlEditor rows={8} />
          </Form.Item>
          <WindowFields />
        </Form>
      </Modal>
    </ListPage>
  );
}
