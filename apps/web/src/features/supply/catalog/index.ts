/** 商品审核 (platform): suppliers' new items before they are sold (pages through menu-pages.ts). */
export {};
