/**
 * The supply context's named permissions: suppliers, goods, contracts, qualifications, shops and
 * their terms, and the interfaces. platform/permissions.ts composes every context's into Perm.
 */
export const SUPPLY_PERMS = {
  // supply/agreements
  SUPPLIER_CONTRACT: 'supplier:contract:manage',
  CONTRACT_REVIEW: 'uac:contract:review',
  // supply/catalog
  ITEM_REVIEW: 'mall:item:review',
  SUPPLIER_ITEM_EDIT: 'supplier:item:edit',
  // supply/delivery-fees
  SUPPLIER_DELIVERY_FEE: 'supplier:deliveryFee:manage',
  // supply/discounts
  SUPPLIER_DISCOUNT: 'supplier:discount:manage',
  // supply/external
  /** 外部接口: the registry of outbound lookups, their counts and call log */
  EXTERNAL_INTERFACE_MANAGE: 'interface:external:manage',
  // supply/interface-excel
  /** 接口数据 (/interface/v1 Excel families): the platform all, an institute's owner its institute's relations, discounts and activities */
  INTERFACE_EXCEL: 'interface:excel:manage',
  /** 接口数据 on the supplier side: its own contacts, relations, sales activities and discounts */
  SUPPLIER_INTERFACE_EXCEL: 'supplier:interface:excel',
  // supply/qualifications
  SUPPLIER_QUALIFICATION: 'supplier:qualification:manage',
  QUALIFICATION_REVIEW: 'uac:qualification:review',
  // supply/shop
  SUPPLIER_SHOP_MANAGE: 'supplier:shop:manage',
  SHOP_REVIEW: 'mall:shop:review',
  // supply/supplier
  SUPPLIER_REVIEW: 'uac:supplier:review',
  SUPPLIER_CHILD_MANAGE: 'supplier:child:manage',
} as const;
