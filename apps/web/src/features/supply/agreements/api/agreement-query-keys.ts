/** TanStack Query keys of 合同: the supplier's contracts and the platform's review. */
export const agreementKeys = {
  supplier: ['supplier', 'contract'] as const,
  supplierInstitutes: ['supplier', 'contract', 'institutes'] as const,
  originals: ['supplier', 'contract', 'originals'] as const,
  reminders: ['supplier', 'contract', 'remind'] as const,
  review: ['platform', 'contract'] as const,
  reviewInstitutes: ['platform', 'contract', 'institutes'] as const,
  reviewSuppliers: ['platform', 'contract', 'base'] as const,
};
