import { SHOP_REVIEW } from '@kc/contracts/supply/shop';
import { Button, Flex } from 'antd';
import { Can } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { deleteShopContent, type ListKind, withdrawShopContent } from '../api/shop-content-api.ts';

const NAMES: Record<ListKind, string> = { section: '栏目', banner: '横幅', notice: '公告' };

/** 编辑 / 撤回 / 删除 of one row; destructive steps are confirmed. */
export function ContentActions({
  kind,
  row,
  onEdit,
  onDone,
}: {
  kind: ListKind;
  row: { id: number; status: number; live: boolean };
  onEdit: () => void;
  onDone: () => Promise<void>;
}) {
  const withdraw = () =>
    feedback.modal().confirm({
      title: `撤回该${NAMES[kind]}的审核申请？`,
      content: row.live ? '撤回后买家继续看到已通过的版本。' : '撤回后不会展示，可修改后重新提交。',
      okText: '撤回',
      cancelText: '取消',
      onOk: async () => {
        await withdrawShopContent(kind, row.id);
        feedback.success('已撤回');
        await onDone();
      },
    });
  const remove = () =>
    feedback.modal().confirm({
      title: `删除该${NAMES[kind]}？`,
      content: kind === 'section' ? '删除后立即下线，栏目中的商品仍在“全部商品”中。' : '删除后立即下线，无法恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteShopContent(kind, [row.id]);
        feedback.success('已删除');
        await onDone();
      },
    });
  return (
    <Flex gap={4} wrap>
      <Can flag="modify">
        <Button type="link" size="small" onClick={onEdit}>
          编辑
        </Button>
      </Can>
      {row.status === SHOP_REVIEW.PENDING && (
        <Can flag="modify">
          <Button type="link" size="small" onClick={withdraw}>
            撤回
          </Button>
        </Can>
      )}
      <Can flag="delete">
        <Button type="link" size="small" danger onClick={remove}>
          删除
        </Button>
      </Can>
    </Flex>
  );
}
