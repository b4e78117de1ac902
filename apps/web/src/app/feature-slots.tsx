import { type ComponentType, lazy, Suspense } from 'react';
import type { FeatureSlots } from '../components/feature-slots.tsx';
import { withChunkTimeout } from '../lib/chunk-load.ts';

/**
 * A higher feature's component for a slot, arriving with that feature's chunk on first use: every
 * logged-in page imports this file (require-auth.tsx, which provides the slots), so it holds no
 * static feature import.
 */
function lazySlot<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(withChunkTimeout(() => load().then((component) => ({ default: component }))));
  return function Slot(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** What the app fills the features' slots with (components/feature-slots.tsx). */
export const FEATURE_SLOTS: FeatureSlots = {
  claimDetail: lazySlot(() => import('../features/finance/claims/index.ts').then((m) => m.ClaimDetailDrawer)),
  subOrderInvoices: lazySlot(() => import('../features/finance/invoices/index.ts').then((m) => m.SubOrderInvoiceBadge)),
  duplicatePurchaseHint: lazySlot(() => import('../features/oversight/warnings/index.ts').then((m) => m.DuplicatePurchaseHint)),
};
