import { type ComponentType, createContext, useContext } from 'react';

/**
 * Pieces a feature shows but a feature of a higher context owns. A feature imports only its own
 * context and lower ones (scripts/boundary-rules.ts), so the lower one renders a slot here and the
 * app fills it with the higher feature's component (app/feature-slots.tsx) for every logged-in
 * page (app/require-auth.tsx). An unfilled slot renders nothing.
 */
export interface FeatureSlots {
  /** finance/claims: a claim's detail drawer, opened from the budget ledger's 报销单 links (ledgers/budget) */
  claimDetail: ComponentType<ClaimDetailProps>;
  /** finance/invoices: a sub-order's match badge and its invoices (the buyer's order detail, the supplier's order list; buying/orders) */
  subOrderInvoices: ComponentType<SubOrderInvoicesProps>;
  /** oversight/warnings: the duplicate-purchase hint at checkout (buying/mall) */
  duplicatePurchaseHint: ComponentType<DuplicatePurchaseHintProps>;
}

export interface ClaimDetailProps {
  /** the claim shown, null when the drawer is closed */
  id: number | null;
  onClose: () => void;
}
export interface SubOrderInvoicesProps {
  subOrderId: number;
  /** whether the viewer may accept an invoice exception (finance, admin) */
  canAccept?: boolean;
}
export interface DuplicatePurchaseHintProps {
  lines: { itemId: number; name: string }[];
}

const SlotsContext = createContext<Partial<FeatureSlots>>({});

/** Where the app fills the slots: the gate of the logged-in sections (app/require-auth.tsx). */
export const FeatureSlotsProvider = SlotsContext.Provider;

/** A claim's detail drawer (finance/claims). */
export function ClaimDetailSlot(props: ClaimDetailProps) {
  const Filled = useContext(SlotsContext).claimDetail;
  return Filled ? <Filled {...props} /> : null;
}

/** A sub-order's match badge and invoices (finance/invoices). */
export function SubOrderInvoicesSlot(props: SubOrderInvoicesProps) {
  const Filled = useContext(SlotsContext).subOrderInvoices;
  return Filled ? <Filled {...props} /> : null;
}

/** The duplicate-purchase hint of the items at checkout (oversight/warnings). */
export function DuplicatePurchaseHintSlot(props: DuplicatePurchaseHintProps) {
  const Filled = useContext(SlotsContext).duplicatePurchaseHint;
  return Filled ? <Filled {...props} /> : null;
}
