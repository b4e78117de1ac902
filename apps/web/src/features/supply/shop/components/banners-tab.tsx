import { isSafeShopLink, SHOP_REVIEW } from '@kc/contracts/supply/shop';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Image, Input, InputNumber, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can } from '../../../../components/page-flags.tsx';
import type { PageFlags } from '../../../../components/page-flags-rule.ts';
import { feedback } from '../../../../lib/feedback.ts';
import { type UploadedFile, uploadFiles } from '../../../../lib/files-api.ts';
import { getBanners, type ShopBannerVO, saveBanner } from '../api/shop-content-api.ts';
import { shopKeys } from '../api/shop-query-keys.ts';
import { BareFrame } from './bare-frame.tsx';
import { ContentActions } from './content-actions.tsx';
import { REVIEW_TABS, ReviewState, windowText } from './review-state.tsx';
import { fromWindow, toWindow, WindowFields } from './window-fields.tsx';

type Values = { title: string; image: UploadedFile[]; linkUrl?: string; sort: number; startAt?: Dayjs | null; endAt?: Dayjs | null };

/** 横幅: picture, title, link inside the site or https, order and window; each change is reviewed. */
export function BannersTab({ flags }: { flags: PageFlags }) {
  const client = useQueryClient();
  const list = useListPage<ShopBannerVO>({ queryKey: shopKeys.banners, tabs: REVIEW_TABS, request: getBanners, flags });
  const [editing, setEditing] = useState<ShopBannerVO | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const refresh = () => client.invalidateQueries({ queryKey: shopKeys.banners });
  const open = (row: ShopBannerVO | 'new') => {
    setEditing(row);
    if (row === 'new') form.setFieldsValue({ title: '', image: [], linkUrl: '', sort: 0, startAt: null, endAt: null });
    else {
      const v = row.pending && row.status !== SHOP_REVIEW.APPROVED ? row.pending : row;
      form.setFieldsValue({
        title: v.title,
        image: v.imageFileId && v.imageUrl ? [{ id: v.imageFileId, name: v.title, url: v.imageUrl, size: 0, mime: '' }] : [],
        linkUrl: v.linkUrl ?? '',
        sort: v.sort,
        ...fromWindow(v.startAt, v.endAt),
      });
    }
  };
  const save = async () => {
    const v = await form.validateFields();
    await saveBanner({
      id: editing === 'new' || !editing ? undefined : editing.id,
      title: v.title.trim(),
      imageFileId: v.image[0]?.id,
      linkUrl: v.linkUrl?.trim() || null,
      sort: v.sort ?? 0,
      ...toWindow(v),
    });
    feedback.success('已提交，平台审核通过后买家可见');
    setEditing(null);
    await refresh();
  };
  return (
    <ListPage<ShopBannerVO>
      list={list}
      title="横幅"
      frame={BareFrame}
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => open('new')} data-testid="shop-banner-add">
            新增横幅
          </Button>
        </Can>
      }
      emptyText="还没有横幅"
      table={{ size: 'middle', scroll: { x: 1000 } }}
      columns={[
        {
          title: '图片',
          key: 'image',
          width: 150,
          render: (_, b) => (b.imageUrl ? <Image src={b.imageUrl} width={120} height={48} style={{ objectFit: 'cover' }} /> : '—'),
        },
        {
          title: '标题 / 链接',
          key: 'title',
          render: (_, b) => (
            <Flex vertical gap={2}>
              <span>{b.title}</span>
              <Typography.Text type="secondary">{b.linkUrl ?? '无链接'}</Typography.Text>
              {b.pending && b.live && <Typography.Text type="warning">待生效版本：{b.pending.title}</Typography.Text>}
            </Flex>
          ),
        },
        { title: '排序', dataIndex: 'sort', width: 70 },
        { title: '展示时间', key: 'window', width: 220, render: (_, b) => windowText(b.startAt, b.endAt) },
        { title: '状态', key: 'status', width: 200, render: (_, b) => <ReviewState {...b} /> },
        {
          title: '操作',
          key: 'actions',
          width: 160,
          fixed: 'right',
          render: (_, b) => <ContentActions kind="banner" row={b} onEdit={() => open(b)} onDone={refresh} />,
        },
      ]}
    >
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增横幅' : '修改横幅'}
        okText="提交审核"
        cancelText="取消"
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
        width={640}
      >
        <Form form={form} layout="vertical" name="shop-banner-edit">
          <Flex gap={12}>
            <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写横幅标题' }]} style={{ flex: 1 }}>
              <Input maxLength={40} showCount placeholder="如：双十一试剂节 满千减百" />
            </Form.Item>
            <Form.Item name="sort" label="排序" style={{ width: 100 }}>
              <InputNumber min={0} max={9999} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <Form.Item
            name="image"
            label="图片"
            rules={[{ required: true, type: 'array', min: 1, message: '请上传图片' }]}
            extra="JPG、PNG 或 WebP，不超过 2 MB，建议 1200×300"
          >
            <FilePicker
              upload={(files) => uploadFiles('shop', files)}
              max={1}
              accept="image/jpeg,image/png,image/webp"
              buttonText="上传图片"
              testId="shop-banner-image"
            />
          </Form.Item>
          <Form.Item
            name="linkUrl"
            label="链接"
            rules={[
              {
                validator: (_, v?: string) =>
                  !v?.trim() || isSafeShopLink(v.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error('链接只能是本站内的相对路径（以 / 开头）或 https 地址')),
              },
            ]}
          >
            <Input placeholder="如 /platform/search.lf?q=乙腈 或 https://…" maxLength={500} />
          </Form.Item>
          <WindowFields />
        </Form>
      </Modal>
    </ListPage>
  );
}
