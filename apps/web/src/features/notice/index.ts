/** Notices as other features show them (the dashboard's notice card). */
export { markNoticeRead, type NoticeVO, noticeKeys, useDashboardNotices, useUnreadNoticeCount } from './api/notice-api.ts';
export { NoticeDetail } from './components/notice-detail.tsx';
export { NoticeList } from './components/notice-list.tsx';
