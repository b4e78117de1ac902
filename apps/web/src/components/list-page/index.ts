export { type ListFrame, ListPage, type ListPageProps } from './list-page.tsx';
export type { ListField, ListValues } from './list-state.ts';
export { type ListPageModel, type ListPageOptions, type ListRequest, type ListTab, useListPage } from './use-list-page.ts';
