/** 售后, 投诉 and 评价: the item page's reviews section is the one piece other features use. */
export { ItemReviewsSection } from './components/item-reviews-section.tsx';
