/** The login feature's public surface: the card its pages are drawn in (the account pages use it). */
export { AuthCard } from './components/auth-card.tsx';
