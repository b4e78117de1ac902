/**
 * 商城 (search, item, shop, cart, checkout, favorites, addresses; pages through routes.tsx and
 * menu-pages.ts) and the platform's 购买须知. Nothing in this feature is used outside it: the hazard
 * marks it shows are supply/catalog's, the region list lib/china-regions.ts.
 */
export {};
