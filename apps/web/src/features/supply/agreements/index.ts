/** 合同管理 (suppliers) and 供应商合同 (platform), pages through menu-pages.ts; the dashboard's contract card. */
export { ContractStateCard } from './components/contract-state-card.tsx';
