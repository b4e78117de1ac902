/** What other features show the mall's way (hazard marks on order lines). */

/** Provinces and cities as addresses write them (运费设置 picks its regions from the same list). */
export { REGION_OPTIONS, type RegionOption } from './china-regions.ts';
export { HazardTags } from './components/hazard-tags.tsx';
