import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { registerPictureRoutes } from './pictures.routes.ts';

export { bannerPicture, drawAllPictures, isDrawableSmiles, PICTURE_PATH, pictureFor, storeItemStructure } from './pictures.ts';

/** Pictures the product draws itself: chemical structures, category drawings, the first banners. */
export function createPicturesModule(ctx: AppContext): Module {
  return { services: {}, register: (app) => registerPictureRoutes(app, ctx.database.db) };
}
