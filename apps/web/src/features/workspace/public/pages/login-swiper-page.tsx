import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { LoginSwiper } from '../../../identity/uac/index.ts';

/** The login carousel on its own page (docs/domains/platform.md#route-classes /LoginSwiperPage). */
export function LoginSwiperPage() {
  const navigate = useNavigate();
  return (
    <Flex vertical gap={16}>
      <LoginSwiper height={480} />
      <Flex justify="center">
        <Button type="primary" size="large" onClick={() => navigate('/login')}>
          登录平台
        </Button>
      </Flex>
    </Flex>
  );
}
