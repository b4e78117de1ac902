/**
 * The login feature's public surface: the card its pages are drawn in (the account pages use it) and
 * the login carousel (the public /loginSwiper page shows it too). Keep this file light: the login
 * page ships in the app's entry (bench:web). 用户管理 is mounted through menu-pages.ts.
 */
export { AuthCard } from './components/auth-card.tsx';
export { LoginSwiper } from './components/login-swiper.tsx';
