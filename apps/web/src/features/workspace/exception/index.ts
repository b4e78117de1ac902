/** The exception page other parts show in place (an unknown menu path); the 403 page is components/forbidden-page.tsx. */
export { NotFoundPage } from './pages/not-found-page.tsx';
