import { Flex, theme } from 'antd';
import { lazy, Suspense } from 'react';
import { withChunkTimeout } from '../../../../lib/chunk-load.ts';
import { useValidPageConfig } from '../../../../lib/page-config.ts';

// The carousel arrives only when there are slides to show, and the introduction is drawn without
// Typography: the login page ships in the app's entry, which stays light (bench:web).
const LoginSwiperSlides = lazy(withChunkTimeout(() => import('./login-swiper-slides.tsx').then((m) => ({ default: m.LoginSwiperSlides }))));

/** The login page carousel (page configuration 'loginSwiper'); a plain introduction when none is started. */
export function LoginSwiper({ height = 420 }: { height?: number }) {
  const { token } = theme.useToken();
  const { data } = useValidPageConfig('loginSwiper');
  const slides = (data ?? []).filter((s) => s.imageUrl);
  const intro = (
    <Flex
      vertical
      justify="center"
      gap={12}
      style={{ height, padding: 32, color: '#fff', borderRadius: 12, background: 'linear-gradient(135deg, #796AEE, #5b8def)' }}
    >
      <h2 style={{ color: '#fff', margin: 0, fontWeight: token.fontWeightStrong, fontSize: token.fontSizeHeading2, lineHeight: token.lineHeightHeading2 }}>
        科研院所一站式采购
      </h2>
      <span style={{ color: 'rgba(255,255,255,0.85)', fontSize: 16, lineHeight: token.lineHeight }}>
        试剂、耗材、技术服务与招标，审批、验收、报销全流程线上完成。
      </span>
    </Flex>
  );
  if (!slides.length) return intro;
  return (
    <Suspense fallback={intro}>
      <LoginSwiperSlides slides={slides} height={height} />
    </Suspense>
  );
}
