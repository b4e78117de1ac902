import { Carousel, Skeleton } from 'antd';
import type { PageConfigKind } from '../../page-config/api/page-config-api.ts';
import { useValidPageConfig } from '../../page-config/api/page-config-api.ts';

/** The started banners of a page (page configuration, managed by the admin); nothing when there are none. */
export function BannerCarousel({ kind, height = 280 }: { kind: PageConfigKind; height?: number }) {
  const { data, isLoading } = useValidPageConfig(kind);
  if (isLoading) return <Skeleton.Node active style={{ width: '100%', height }} />;
  const banners = (data ?? []).filter((b) => b.imageUrl);
  if (!banners.length) return null;
  return (
    <Carousel autoplay autoplaySpeed={5000} dots={banners.length > 1} data-testid={`banner-${kind}`}>
      {banners.map((b) => {
        const img = <img src={b.imageUrl ?? ''} alt={b.title} style={{ width: '100%', height, objectFit: 'cover', display: 'block', borderRadius: 8 }} />;
        return (
          <div key={b.id}>
            {b.linkUrl ? (
              <a href={b.linkUrl} target={b.linkUrl.startsWith('/') ? undefined : '_blank'} rel="noopener noreferrer" title={b.title}>
                {img}
              </a>
            ) : (
              img
            )}
          </div>
        );
      })}
    </Carousel>
  );
}
