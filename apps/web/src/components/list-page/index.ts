export { type ConfirmAction, confirmActionProps } from './confirm-action.ts';
export { EditModal, type EditModalProps } from './edit-modal.tsx';
export { type ListFrame, ListPage, type ListPageProps } from './list-page.tsx';
export type { ListField, ListValues } from './list-state.ts';
export type { Paging } from './paging.ts';
export { useConfirmAction } from './use-confirm-action.ts';
export { type ListPageModel, type ListPageOptions, type ListRequest, type ListTab, useListPage } from './use-list-page.ts';
export { type PagedQueryOptions, usePagedQuery } from './use-paged-query.ts';
