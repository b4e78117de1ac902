import { Alert, Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';

export const HAZARD_NOTICE_TITLE = '《危险化学品及管制类商品采购合规告知》';

const NOTICE_POINTS = [
  '本订单含危险化学品、易制毒、易制爆或剧毒等管制类商品，采购单位须具备相应的购买、储存和使用资质，并按国家及地方规定办理备案或许可手续。',
  '易制毒化学品须按《易制毒化学品管理条例》办理购买备案或许可；易制爆危险化学品须按公安机关要求登记流向；剧毒化学品须凭剧毒化学品购买许可证购买。',
  '管制类商品仅限本单位科研、教学用途，严禁转让、转借或用于其他用途；到货后须专人签收、专库（柜）存放、双人双锁管理，并如实登记领用台账。',
  '供应商将按规定核验采购单位资质并安排具备危险货物运输资质的承运方配送；资质不全的订单可能被拒绝发货。',
  '因违反上述规定造成的后果，由采购单位及相关责任人依法承担。',
];

/** The compliance notice for hazardous goods; the box is ticked only through the dialog's 我已阅读并确认. */
export function HazardNotice({ confirmed, onChange }: { confirmed: boolean; onChange: (confirmed: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Alert
      type="warning"
      showIcon
      title="订单含危险化学品或管制类商品"
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>提交订单前请阅读并确认合规告知。</Typography.Paragraph>
          <Checkbox checked={confirmed} onChange={(e) => (e.target.checked ? setOpen(true) : onChange(false))} data-testid="hazard-confirm">
            我已阅读并确认
          </Checkbox>
          <Typography.Link onClick={() => setOpen(true)}>{HAZARD_NOTICE_TITLE}</Typography.Link>
          <Modal
            open={open}
            title={`危险化学品及管制类商品采购合规告知`}
            okText="我已阅读并确认"
            cancelText="取消"
            onOk={() => {
              onChange(true);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
            width={640}
          >
            <ol style={{ paddingLeft: 20 }}>
              {NOTICE_POINTS.map((p) => (
                <li key={p} style={{ marginBottom: 8 }}>
                  {p}
                </li>
              ))}
            </ol>
          </Modal>
        </>
      }
    />
  );
}
