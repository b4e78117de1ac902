/**
 * 公告, 帮助中心, 页面配置 and App 配置 (pages through menu-pages.ts and routes.tsx): notices as other
 * features show them (the dashboard's notice card), and the help centre's pieces the shell's help window shows.
 */
export { useHelpTree } from './api/help-api.ts';
export { markNoticeRead, type NoticeVO, noticeKeys, useDashboardNotices, useUnreadNoticeCount } from './api/notice-api.ts';
export { HelpArticle } from './components/help-article.tsx';
export { HelpMenu } from './components/help-menu.tsx';
export { MyManuals } from './components/my-manuals.tsx';
export { NoticeDetail } from './components/notice-detail.tsx';
export { NoticeList } from './components/notice-list.tsx';
export { useHelpMenu } from './use-help-menu.ts';
