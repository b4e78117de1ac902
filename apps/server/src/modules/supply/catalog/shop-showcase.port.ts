/** What the buyer's shop page shows beside the items: approved sections, banners and notices in their windows. */
export interface ShopShowcase {
  sections: { id: number; name: string; sort: number }[];
  banners: { id: number; title: string; image_file_id: number | null; link_url: string | null; sort: number }[];
  notices: { id: number; title: string; content: string; start_at: string | null }[];
}

/**
 * A port: the shop's showcase is 店铺管理's (supply/shop), and shop moves items between sections
 * through catalog (ItemSections), so catalog may not import shop; app.ts passes shop's reader.
 */
export type ShopShowcaseReader = (shopId: number) => Promise<ShopShowcase>;
