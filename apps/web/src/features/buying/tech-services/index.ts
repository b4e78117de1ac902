/** 技术服务: the buyer's catalogue and requests, the supplier's service items and requests, through menu-pages.ts; the public list for /techService. */
export { getPublicServices } from './api/tech-services-api.ts';
export { priceText } from './components/tech-format.ts';
export { menuPages } from './menu-pages.ts';
