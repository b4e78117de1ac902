/** An account another use case opens: user administration, supplier registration, a supplier's child account. */
export interface NewAccount {
  userName: string;
  passwordHash: string;
  realName: string;
  phoneNum: string;
  email: string | null;
  /** 0 platform, 1 buyer, 2 supplier */
  accountType: number;
  verification: number;
  /** a password someone else chose is replaced at the first login */
  mustChangePassword: boolean;
  instituteId?: number | null;
  supplierId?: number | null;
  /** a supplier's child account: its main account */
  parentUserId?: number | null;
  /** the default department, also the current one until the user switches */
  defaultDeptId?: number | null;
  depts?: { deptId: number; teamId: number | null }[];
  /** created_at (and updated_at); now when absent — registration stamps the supplier and its account alike */
  at?: string;
}

/** The fields of an account others may change; absent fields stay as they are. */
export interface AccountChanges {
  userName?: string;
  realName?: string;
  phoneNum?: string;
  email?: string | null;
  verification?: number;
  status?: number;
  passwordHash?: string;
  mustChangePassword?: boolean;
}

/** Account writes bound to the caller's transaction. */
export interface AccountWrites {
  /** the new account's id; its roles are rbac's (UserRolesService) */
  create(a: NewAccount): Promise<number>;
  change(userId: number, c: AccountChanges): Promise<void>;
}
