import { Carousel, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BannerKind, PageConfigVO } from '../api/content-api.ts';
import { useBanners } from '../api/use-catalog-queries.ts';

const GRADIENTS = ['linear-gradient(120deg, #796AEE, #4f8ef7)', 'linear-gradient(120deg, #13c2c2, #796AEE)', 'linear-gradient(120deg, #fa8c16, #f5222d)'];

function Slide({ banner, index }: { banner: PageConfigVO; index: number }) {
  const body: ReactNode = banner.imageUrl ? (
    <img src={banner.imageUrl} alt={banner.title} style={{ width: '100%', height: 280, objectFit: 'cover', display: 'block' }} />
  ) : (
    <Flex align="center" justify="center" style={{ height: 280, background: GRADIENTS[index % GRADIENTS.length] }}>
      <Typography.Title level={2} style={{ color: '#fff', margin: 0 }}>
        {banner.title}
      </Typography.Title>
    </Flex>
  );
  const link = banner.linkUrl;
  if (!link) return body;
  return link.startsWith('/') ? (
    <Link to={link}>{body}</Link>
  ) : (
    <a href={link} target="_blank" rel="noopener noreferrer">
      {body}
    </a>
  );
}

/** Banners configured by the platform (page configuration, kind indexBanner or bigMallBanner). */
export function BannerCarousel({ kind, fallbackTitle }: { kind: BannerKind; fallbackTitle: string }) {
  const { data, isLoading } = useBanners(kind);
  if (isLoading) return <Skeleton.Node active style={{ width: '100%', height: 280 }} />;
  const banners: PageConfigVO[] = data?.length
    ? data
    : [{ id: 0, kind, title: fallbackTitle, imageUrl: null, imageFileId: null, linkUrl: null, content: null, sort: 0, status: 1 }];
  return (
    <Carousel autoplay autoplaySpeed={5000} style={{ borderRadius: 8, overflow: 'hidden' }}>
      {banners.map((b, i) => (
        <div key={b.id}>
          <Slide banner={b} index={i} />
        </div>
      ))}
    </Carousel>
  );
}
