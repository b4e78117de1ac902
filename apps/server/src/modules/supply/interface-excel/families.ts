import type { InterfaceFamily } from '@kc/contracts/supply/interface-excel';
import { contactsRelation } from './contact-relations.family.ts';
import { contacts } from './contacts.family.ts';
import { deptDiscount } from './dept-discounts.family.ts';
import type { Family } from './family.ts';
import { salesActivity } from './sales-activities.family.ts';

export type { Op, Parsed } from './family.ts';

/** The /interface/v1 families by their path segment. */
export const FAMILIES: { [F in InterfaceFamily]: Family<unknown> } = {
  contacts: contacts as Family<unknown>,
  contactsRelation: contactsRelation as Family<unknown>,
  salesActivity: salesActivity as Family<unknown>,
  deptDiscount: deptDiscount as Family<unknown>,
};
