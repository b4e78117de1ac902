/**
 * 商品审核 (platform: suppliers' new items before they are sold) and 商品管理 (a supplier's own
 * items), pages through menu-pages.ts; the hazard marks every item list shows (the mall, order lines).
 */
export { HazardTags } from './components/hazard-tags.tsx';
export { hazardLabel } from './hazard.ts';
