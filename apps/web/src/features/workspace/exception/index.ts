/** The exception pages other parts show in place (a page the user may not see, an unknown menu path). */
export { ForbiddenPage } from './pages/forbidden-page.tsx';
export { NotFoundPage } from './pages/not-found-page.tsx';
