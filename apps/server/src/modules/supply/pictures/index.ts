import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { SitePicturesRepository } from './pictures.repository.ts';
import { registerPictureRoutes } from './pictures.routes.ts';
import { PicturesService } from './pictures.service.ts';

export { bannerPicture, drawAllPictures, isDrawableSmiles, PICTURE_PATH, pictureFor, storeItemStructure } from './pictures.ts';

/** Pictures the product draws itself: chemical structures, category drawings, the first banners. */
export function createPicturesModule(ctx: AppContext): Module {
  const pictures = new PicturesService(new SitePicturesRepository(ctx.database.db));
  return { services: {}, register: (app) => registerPictureRoutes(app, pictures) };
}
