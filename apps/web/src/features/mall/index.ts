/** What other features show the mall's way (hazard marks on order lines). */
export { HazardTags } from './components/hazard-tags.tsx';
