import { Carousel, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type PageConfigKind, type PageConfigVO, useValidPageConfig } from '../lib/page-config.ts';

const GRADIENTS = ['linear-gradient(120deg, #796AEE, #4f8ef7)', 'linear-gradient(120deg, #13c2c2, #796AEE)', 'linear-gradient(120deg, #fa8c16, #f5222d)'];

function Slide({ banner, index, height }: { banner: PageConfigVO; index: number; height: number }) {
  const body: ReactNode = banner.imageUrl ? (
    <img src={banner.imageUrl} alt={banner.title} style={{ width: '100%', height, objectFit: 'cover', display: 'block' }} />
  ) : (
    <Flex align="center" justify="center" style={{ height, background: GRADIENTS[index % GRADIENTS.length] }}>
      <Typography.Title level={2} style={{ color: '#fff', margin: 0 }}>
        {banner.title}
      </Typography.Title>
    </Flex>
  );
  const link = banner.linkUrl;
  if (!link) return body;
  return link.startsWith('/') ? (
    <Link to={link} title={banner.title}>
      {body}
    </Link>
  ) : (
    <a href={link} target="_blank" rel="noopener noreferrer" title={banner.title}>
      {body}
    </a>
  );
}

interface Props {
  kind: PageConfigKind;
  height?: number;
  /**
   * With a fallback title, banners without an image show their title on a gradient, and a page with no
   * started banners shows this title (the mall homes). Without one, only banners with an image are shown,
   * and nothing at all when there are none (the public pages).
   */
  fallbackTitle?: string;
}

/** The started banners of a page (page configuration, kinds indexBanner, bigMallBanner, …), managed by the admin. */
export function BannerCarousel({ kind, height = 280, fallbackTitle }: Props) {
  const { data, isLoading } = useValidPageConfig(kind);
  if (isLoading) return <Skeleton.Node active style={{ width: '100%', height }} />;
  const started = data ?? [];
  const banners: PageConfigVO[] =
    fallbackTitle === undefined
      ? started.filter((b) => b.imageUrl)
      : started.length
        ? started
        : [{ id: 0, kind, title: fallbackTitle, imageUrl: null, imageFileId: null, linkUrl: null, content: null, sort: 0, status: 1 }];
  if (!banners.length) return null;
  return (
    <Carousel autoplay autoplaySpeed={5000} dots={banners.length > 1} data-testid={`banner-${kind}`} style={{ borderRadius: 8, overflow: 'hidden' }}>
      {banners.map((b, i) => (
        <div key={b.id}>
          <Slide banner={b} index={i} height={height} />
        </div>
      ))}
    </Carousel>
  );
}
