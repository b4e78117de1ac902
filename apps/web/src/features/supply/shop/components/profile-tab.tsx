import { SHOP_REVIEW } from '@kc/contracts/supply/shop';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Avatar, Button, Card, Descriptions, Flex, Form, Input, Skeleton } from 'antd';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { Can } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { type UploadedFile, uploadFiles } from '../../../../lib/files-api.ts';
import { getShopProfile, submitShopProfile, withdrawShopContent } from '../api/shop-content-api.ts';
import { shopKeys } from '../api/shop-query-keys.ts';
import { ReviewState } from './review-state.tsx';

type Values = { name: string; intro?: string; logo: UploadedFile[] };

/** 店铺信息: name, intro and logo; a change is reviewed while buyers keep seeing the approved one. */
export function ProfileTab() {
  const client = useQueryClient();
  const profile = useQuery({ queryKey: shopKeys.profile, queryFn: getShopProfile });
  const [form] = Form.useForm<Values>();
  if (profile.isLoading) return <Skeleton active />;
  const p = profile.data ?? null;
  const draft = p?.pending ?? p;
  const initial: Values = {
    name: draft?.name ?? '',
    intro: draft?.intro ?? '',
    logo: draft?.logoFileId && draft.logoUrl ? [{ id: draft.logoFileId, name: 'Logo', url: draft.logoUrl, size: 0, mime: '' }] : [],
  };
  const submit = async () => {
    const v = await form.validateFields();
    await submitShopProfile({ name: v.name.trim(), intro: v.intro?.trim() || null, logoFileId: v.logo[0]?.id ?? null });
    feedback.success('已提交，平台审核通过后买家可见');
    await client.invalidateQueries({ queryKey: shopKeys.profile });
  };
  const withdraw = () =>
    feedback.modal().confirm({
      title: '撤回店铺信息的审核申请？',
      content: '撤回后买家继续看到已通过的店铺信息。',
      okText: '撤回',
      cancelText: '取消',
      onOk: async () => {
        if (!p) return;
        await withdrawShopContent('profile', p.id);
        feedback.success('已撤回');
        await client.invalidateQueries({ queryKey: shopKeys.profile });
      },
    });
  return (
    <Flex gap={16} wrap align="flex-start">
      <Card title="买家看到的店铺信息" style={{ flex: '1 1 320px' }}>
        {p?.live ? (
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Logo">{p.logoUrl ? <Avatar shape="square" size={64} src={p.logoUrl} /> : '未设置'}</Descriptions.Item>
            <Descriptions.Item label="店铺名称">{p.name}</Descriptions.Item>
            <Descriptions.Item label="店铺简介">{p.intro || '—'}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Alert type="info" showIcon message="店铺尚未开通：提交店铺信息，平台审核通过后买家即可进入店铺。" />
        )}
      </Card>
      <Card title="修改店铺信息" style={{ flex: '1 1 420px' }} extra={p && <ReviewState status={p.status} live={p.live} refuseReason={p.refuseReason} />}>
        <Form form={form} layout="vertical" name="shop-profile" initialValues={initial} key={`${p?.id ?? 0}-${p?.submittedAt ?? ''}`}>
          <Form.Item name="name" label="店铺名称" rules={[{ required: true, whitespace: true, min: 2, message: '店铺名称至少 2 个字' }]}>
            <Input maxLength={40} showCount />
          </Form.Item>
          <Form.Item name="intro" label="店铺简介">
            <Input.TextArea rows={4} maxLength={500} showCount placeholder="主营品类、品牌授权、发货仓库等" />
          </Form.Item>
          <Form.Item name="logo" label="Logo" extra="JPG、PNG 或 WebP，不超过 2 MB，建议正方形">
            <FilePicker upload={(files) => uploadFiles('shop', files)} max={1} accept="image/jpeg,image/png,image/webp" buttonText="上传 Logo" />
          </Form.Item>
          <Can flag="modify">
            <Flex gap={8}>
              <Button type="primary" onClick={() => void submit()}>
                提交审核
              </Button>
              {p?.status === SHOP_REVIEW.PENDING && <Button onClick={withdraw}>撤回申请</Button>}
            </Flex>
          </Can>
        </Form>
      </Card>
    </Flex>
  );
}
