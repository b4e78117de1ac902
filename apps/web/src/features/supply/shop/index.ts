/** 店铺管理 (supplier) and 店铺内容审核 (platform): shop content reviewed before buyers see it (pages through menu-pages.ts). */
export {};
