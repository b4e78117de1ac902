/** The public site's public surface: the login carousel (the login page shows it). Keep this file light: the login page, and so the app's entry, imports it (bench:web). */
export { LoginSwiper } from './components/login-swiper.tsx';
