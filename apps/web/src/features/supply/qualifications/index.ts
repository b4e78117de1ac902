/** 资质管理 (supplier) and 资质审核 (platform) (pages through menu-pages.ts). */
export {};
