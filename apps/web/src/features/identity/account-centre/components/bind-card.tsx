import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Image, Space, Typography } from 'antd';
import { useState } from 'react';
import { getBindQr, getBindStatus } from '../api/account-centre-api.ts';
import { accountKeys } from '../api/account-query-keys.ts';

/** 绑定移动端: a QR code the app scans, polled until it is bound or expires. */
export function BindCard() {
  const [qr, setQr] = useState<Awaited<ReturnType<typeof getBindQr>> | null>(null);
  const status = useQuery({
    queryKey: accountKeys.bind(qr?.ticket),
    queryFn: () => getBindStatus(qr!.ticket),
    enabled: !!qr,
    refetchInterval: (q) => (q.state.data?.status === 'waiting' ? 3000 : false),
  });
  return (
    <Card title="绑定移动端" size="small">
      <Flex gap={16} align="center">
        {qr && status.data?.status === 'waiting' && <Image src={qr.qrImage} width={160} preview={false} alt="绑定二维码" />}
        <Space direction="vertical">
          <Typography.Text>
            {status.data?.status === 'bound'
              ? '已绑定。'
              : status.data?.status === 'expired'
                ? '二维码已过期，请重新生成。'
                : '用科研采购 App（同一账号登录）扫描二维码完成绑定，二维码 5 分钟内有效。'}
          </Typography.Text>
          <Button onClick={async () => setQr(await getBindQr())}>{qr ? '重新生成二维码' : '生成二维码'}</Button>
        </Space>
      </Flex>
    </Card>
  );
}
