import { NoQuery } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fail } from '../../../platform/http/errors.ts';
import type { PicturesService } from './pictures.service.ts';
import { PICTURE_PATH } from './pictures.ts';

/** GET /mall/v1/noauth/picture/:name — a drawn picture as SVG, the same for everyone, cached a week. */
export function registerPictureRoutes(root: FastifyInstance, pictures: PicturesService) {
  root.withTypeProvider<ZodTypeProvider>().get(
    `${PICTURE_PATH}/:name`,
    {
      schema: {
        tags: ['商品'],
        summary: '平台绘制的图片（SVG）：化学品二维结构式、品类示意图、默认横幅与登录页轮播图；长期缓存',
        params: z.object({ name: z.string().max(60) }).strict(),
        querystring: NoQuery,
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const svg = (await pictures.load(req.params.name)) ?? fail('NOT_FOUND', '图片不存在');
      return (
        reply
          .type('image/svg+xml; charset=utf-8')
          // the same for everyone and drawn once: shared caches may keep it
          .header('cache-control', 'public, max-age=604800')
          // opened on its own, the drawing may style itself and nothing else
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
          .send(svg)
      );
    },
  );
}
