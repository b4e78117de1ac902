/** The help centre's pieces the shell's help window shows. */
export { useHelpTree } from './api/help-api.ts';
export { HelpArticle } from './components/help-article.tsx';
export { HelpMenu } from './components/help-menu.tsx';
export { MyManuals } from './components/my-manuals.tsx';
export { useHelpMenu } from './use-help-menu.ts';
