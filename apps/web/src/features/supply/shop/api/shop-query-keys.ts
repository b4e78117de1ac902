/** TanStack Query keys of 店铺装修 (each tab) and the platform's 店铺审核. */
export const shopKeys = {
  banners: ['supplier', 'shop', 'banner'] as const,
  notices: ['supplier', 'shop', 'notice'] as const,
  profile: ['supplier', 'shop', 'profile'] as const,
  sections: ['supplier', 'shop', 'section'] as const,
  review: ['mall', 'shopReview'] as const,
};
