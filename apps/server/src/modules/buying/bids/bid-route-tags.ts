/** The OpenAPI group of the buyer's 招标采购 routes (projects, public list, printed record). */
export const BID_TAGS = ['招标采购'];
