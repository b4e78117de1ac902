import { Carousel } from 'antd';
import type { PageConfigVO } from '../../../../lib/page-config.ts';

/** The carousel of the login page's started 'loginSwiper' configurations (with images). */
export function LoginSwiperSlides({ slides, height }: { slides: PageConfigVO[]; height: number }) {
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
