import { AlertOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { useNavigate } from 'react-router';
import { warningKeys } from '../api/warning-query-keys.ts';
import { openWarningCount } from '../api/warnings-api.ts';

/** The console header's 预警 link with the count of warnings waiting (待处理 and 已确认); refreshed every 5 minutes. */
export function WarningBadge() {
  const navigate = useNavigate();
  const { data: count = 0 } = useQuery({ queryKey: warningKeys.openCount, queryFn: openWarningCount, refetchInterval: 300_000, staleTime: 60_000 });
  return (
    <Button type="text" icon={<AlertOutlined />} onClick={() => navigate('/cass/warning/list?state=open')} data-testid="header-warnings">
      <Badge count={count} size="small" offset={[6, -2]} overflowCount={99} data-testid="header-warnings-count">
        预警
      </Badge>
    </Button>
  );
}
