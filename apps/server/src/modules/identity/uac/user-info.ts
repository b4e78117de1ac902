import type { DeptOption, UserInfo } from '@kc/contracts/identity/uac';
import type { UserRepository, UserRow } from './user.repository.ts';

type Row = NonNullable<UserRow>;

/** The user object of docs/domains/identity.md#user-info, shared by the login answer and getUserAllInfo. */
export async function buildUserInfo(users: UserRepository, u: Row): Promise<{ info: UserInfo; options: DeptOption[] }> {
  const [depts, roles, institute] = await Promise.all([users.listDepts(u.id), users.listRoles(u.id), users.instituteName(u.institute_id)]);
  const info: UserInfo = {
    id: u.id,
    accountType: u.account_type,
    userName: u.user_name,
    realName: u.real_name,
    nick: u.nick,
    phoneNum: u.phone_num,
    email: u.email,
    defaultDept: u.default_dept_id,
    currentDept: u.current_dept_id,
    verification: u.verification,
    whetherForceModifyPassword: u.whether_force_modify_password === 1,
    instituteId: u.institute_id,
    instituteName: institute?.name ?? null,
    supplierId: u.supplier_id,
    roles,
    deptVOList: depts.map((d) => ({ id: d.id, deptName: d.name })),
  };
  return { info, options: depts.map((d) => ({ value: d.id, label: d.name })) };
}

/** docs/domains/identity.md#real-name: the real-name flag is false in department 1 without verification. */
export const isRealName = (info: UserInfo) => !(info.deptVOList[0]?.id === 1 && !info.verification);
