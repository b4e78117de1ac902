/** 协议价: a supplier's discounts and negotiated prices for institutes and departments (pages through menu-pages.ts). */
export {};
