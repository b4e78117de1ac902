import { Card, Flex, Tag } from 'antd';
import { useUserAllInfo } from '../../auth/api/use-auth-queries.ts';
import { NoticeCard } from '../components/notice-card.tsx';
import { WelcomeCard } from '../components/welcome-card.tsx';
import { currentUnitName } from '../current-unit.ts';

/** 控制台 of suppliers: who, modules, notices for suppliers (type 3). The cart belongs to buyers only. */
export function SupplierDashboardPage() {
  const { data: info } = useUserAllInfo();
  if (!info) return null;
  return (
    <Flex vertical gap={16}>
      <WelcomeCard info={info} currentUnit={currentUnitName(info)} />
      <Card title="已开通的功能模块">
        {info.modules.length ? (
          <Flex wrap gap={8}>
            {info.modules.map((m) => (
              <Tag key={m.moduleName} color="purple">
                {m.moduleName}
              </Tag>
            ))}
          </Flex>
        ) : (
          '暂无已开通的功能模块，请联系平台管理员开通。'
        )}
      </Card>
      <NoticeCard type={3} />
    </Flex>
  );
}
