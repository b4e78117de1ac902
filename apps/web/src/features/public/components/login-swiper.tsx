import { Carousel, Flex, Typography } from 'antd';
import { useValidPageConfig } from '../../page-config/api/page-config-api.ts';

/** The login page carousel (page configuration 'loginSwiper'); a plain introduction when none is started. */
export function LoginSwiper({ height = 420 }: { height?: number }) {
  const { data } = useValidPageConfig('loginSwiper');
  const slides = (data ?? []).filter((s) => s.imageUrl);
  if (!slides.length) {
    return (
      <Flex
        vertical
        justify="center"
        gap={12}
        style={{ height, padding: 32, color: '#fff', borderRadius: 12, background: 'linear-gradient(135deg, #796AEE, #5b8def)' }}
      >
        <Typography.Title level={2} style={{ color: '#fff', margin: 0 }}>
          科研院所一站式采购
        </Typography.Title>
        <Typography.Text style={{ color: 'rgba(255,255,255,0.85)', fontSize: 16 }}>
          试剂、耗材、技术服务与招标，审批、验收、报销全流程线上完成。
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <Carousel autoplay dots={slides.length > 1} data-testid="login-swiper">
      {slides.map((s) => (
        <div key={s.id}>
          <img src={s.imageUrl ?? ''} alt={s.title} title={s.title} style={{ width: '100%', height, objectFit: 'cover', display: 'block', borderRadius: 12 }} />
        </div>
      ))}
    </Carousel>
  );
}
