import { companyKey } from '@kc/contracts/supply/supplier-company';
import { isValidCreditCode, type RegisterInput, type SupplierInfoBody, SupplierStatus } from '@kc/contracts/supply/supplier-registration';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { hashPassword } from '../../../platform/auth/passwords.ts';
import type { SessionStore } from '../../../platform/auth/session-store.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { Notifier } from '../../../platform/notifier/notifier.port.ts';
import { transition } from '../../../platform/transitions.ts';
import type { UserRolesService } from '../../identity/rbac/index.ts';
import type { AccountsService } from '../../identity/uac/index.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { RegistrationRepository } from './registration.repository.ts';
import { type ReviewAction, SUPPLIER_REVIEW_TRANSITIONS, SUPPLIER_STATE_CODE, supplierStateOf } from './review-states.ts';

/**
 * Supplier self-registration: the company and its main account wait for the platform admin's
 * approval; the main account can log in only once approved (checked at login).
 */
export class RegistrationService {
  constructor(
    private readonly repo: RegistrationRepository,
    private readonly files: FilesService,
    private readonly notifier: Notifier,
    private readonly sessions: Pick<SessionStore, 'revokeUser'>,
    /** the main account and its role, opened by uac and rbac inside the registration's transaction */
    private readonly accounts: AccountsService,
    private readonly userRoles: UserRolesService,
  ) {}

  async checkUserName(userName: string) {
    if (await this.repo.userNameTaken(userName)) fail('DUPLICATE_USER');
  }

  async checkCompanyName(companyName: string) {
    if (await this.repo.companyTaken(companyKey(companyName))) fail('DUPLICATE_COMPANY');
  }

  async register(b: RegisterInput, ip: string) {
    // the schema (CreditCode) has checked it already; checked again for callers that bypass it
    if (!isValidCreditCode(b.creditCode)) fail('BAD_REQUEST', '统一社会信用代码校验位不正确，请核对');
    const key = companyKey(b.companyName);
    if (key.length < 2) fail('BAD_REQUEST', '请输入完整的公司名称');
    await this.checkUserName(b.userName);
    await this.checkCompanyName(b.companyName);
    const fileIds = [b.licenseFileId, ...b.permitFileIds];
    // qualifications are uploaded before the account exists, so anonymously (uploaded_by null)
    const rows = await this.files.mustBeAttachable(fileIds, 'qualification', null);
    if (rows.some((r) => r.uploaded_by !== null) || (await this.repo.filesAlreadyAttached(fileIds))) fail('BAD_REQUEST', '资质文件已被使用，请重新上传');
    const hash = await hashPassword(b.password);
    const now = nowIso();
    const supplierId = await this.repo.inTransaction(async (r, trx) => {
      // checked again inside the transaction; the unique index on user_name is the last word
      if (await r.userNameTaken(b.userName)) fail('DUPLICATE_USER');
      if (await r.companyTaken(key)) fail('DUPLICATE_COMPANY');
      const { id } = await r.insertSupplier({
        companyName: b.companyName,
        companyKey: key,
        creditCode: b.creditCode,
        contactName: b.contactName,
        contactPhone: b.contactPhone,
        email: b.email,
        now,
      });
      const role = await r.builtInRoleId('supplier_admin');
      const userId = await this.accounts.within(trx).create({
        userName: b.userName,
        passwordHash: hash,
        realName: b.contactName,
        phoneNum: b.contactPhone,
        email: b.email,
        accountType: 2,
        verification: 1,
        // the applicant chose the password
        mustChangePassword: false,
        supplierId: id,
        at: now,
      });
      await this.userRoles.within(trx).grant(userId, [role.id]);
      await r.insertQualifications([
        { supplier_id: id, file_id: b.licenseFileId, kind: 'license' },
        ...b.permitFileIds.map((f) => ({ supplier_id: id, file_id: f, kind: 'permit' })),
      ]);
      await writeAudit(trx, { userId, action: 'supplier.register', target: `supplier:${id}`, detail: { companyName: b.companyName }, ip });
      return id;
    });
    return { id: supplierId, status: SupplierStatus.PENDING };
  }

  async reviewPage(q: { status?: number; companyName?: string; current: number; size: number }) {
    const { rows, total } = await this.repo.reviewPage(q);
    const ids = rows.map((r) => r.id);
    const [accounts, quals] = await Promise.all([this.repo.mainAccounts(ids), this.repo.qualifications(ids)]);
    return {
      records: rows.map((s) => ({
        id: s.id,
        companyName: s.company_name,
        creditCode: s.credit_code,
        contactName: s.contact_name,
        contactPhone: s.contact_phone,
        email: s.email,
        userName: accounts.find((a) => a.supplier_id === s.id)?.user_name ?? null,
        status: s.status,
        refuseReason: s.refuse_reason,
        createdAt: s.created_at,
        reviewedAt: s.reviewed_at,
        qualifications: quals.filter((q) => q.supplier_id === s.id).map((q) => ({ kind: q.kind, name: q.original_name, url: this.files.signedUrl(q.id) })),
        childAccountLimit: s.child_account_limit,
      })),
      total,
      current: q.current,
      size: q.size,
    };
  }

  /** Suppliers for a choice list: all of them (platform admin) or only those approved and working. */
  async allSuppliers(activeOnly: boolean) {
    return (await this.repo.allSuppliers(activeOnly)).map((s) => ({ id: s.id, companyName: s.company_name, status: s.status }));
  }

  /** resetSupplierInfo: contact details and the child-account limit, corrected by the platform admin. */
  async resetInfo(caller: Caller, b: SupplierInfoBody, ip: string) {
    const s = await this.repo.supplierById(b.id);
    if (!s) return fail('NOT_FOUND', '供应商不存在');
    await this.repo.inTransaction(async (r, trx) => {
      await r.updateInfo(b.id, { contact_name: b.contactName, contact_phone: b.contactPhone, email: b.email, child_account_limit: b.childAccountLimit });
      // the schema has checked the check character (CreditCode); this is the one change of it after registration
      if (b.creditCode !== undefined && b.creditCode !== s.credit_code) await r.updateCreditCode(b.id, b.creditCode);
      await writeAudit(trx, {
        userId: caller.userId,
        action: 'supplier.resetInfo',
        target: `supplier:${b.id}`,
        detail: {
          before: {
            contactName: s.contact_name,
            contactPhone: s.contact_phone,
            email: s.email,
            childAccountLimit: s.child_account_limit,
            creditCode: s.credit_code,
          },
          after: b,
        },
        ip,
      });
    });
  }

  /**
   * One review action (approve, refuse, disable, enable) as the transition table allows it; the
   * reason is kept for a refusal or a disabling. Disabling ends the supplier's open sessions: the
   * login gate alone would let them work on until their tokens expire.
   */
  async decide(caller: Caller, id: number, action: ReviewAction, reason: string | null, ip: string) {
    const s = await this.repo.supplierById(id);
    if (!s) return fail('NOT_FOUND', '供应商不存在');
    const from = supplierStateOf(s.status);
    const to = transition(SUPPLIER_REVIEW_TRANSITIONS, from, action, 'platform');
    if (!to) return fail('STATE_CONFLICT', '该供应商的状态已变化，请刷新列表');
    await this.repo.inTransaction(async (r, trx) => {
      const moved = await r.decide(id, SUPPLIER_STATE_CODE[from], SUPPLIER_STATE_CODE[to], reason, caller.userId, nowIso());
      if (!moved) fail('STATE_CONFLICT', '该供应商的状态已变化，请刷新列表');
      await writeAudit(trx, { userId: caller.userId, action: `supplier.${action}`, target: `supplier:${id}`, detail: reason ? { reason } : undefined, ip });
    });
    if (action === 'disable') for (const uid of await this.repo.accountIds(id)) await this.sessions.revokeUser(uid);
    if (s.email) await this.notifier.send({ channel: 'mail', to: s.email, subject: MAIL_SUBJECT[action], body: mailBody(action, s.company_name, reason) });
  }

  /** Login gate for supplier accounts: a message when the company is not (yet) approved. */
  async loginBlockReason(supplierId: number): Promise<string | null> {
    const s = await this.repo.supplierStatus(supplierId);
    if (!s || s.status === SupplierStatus.ACTIVE) return null;
    if (s.status === SupplierStatus.PENDING) return '您的供应商注册申请正在审核中，审核通过后即可登录';
    if (s.status === SupplierStatus.REFUSED) return `您的供应商注册申请未通过审核：${s.refuse_reason ?? ''}`;
    return '该供应商已被停用，请联系平台管理员';
  }
}

const MAIL_SUBJECT: Record<ReviewAction, string> = {
  approve: '供应商注册审核通过',
  refuse: '供应商注册审核未通过',
  disable: '供应商账号已停用',
  enable: '供应商账号已恢复',
};

function mailBody(action: ReviewAction, company: string, reason: string | null): string {
  const text: Record<ReviewAction, string> = {
    approve: '您的供应商注册申请已审核通过，现在可以使用注册的用户名登录。',
    refuse: `您的供应商注册申请未通过审核，原因：${reason}。请修改后重新提交。`,
    disable: `您在平台的供应商账号已被停用，原因：${reason}。停用期间无法登录，商品不再展示。如有疑问请联系平台管理员。`,
    enable: '您在平台的供应商账号已恢复，可以重新登录。',
  };
  return `【科研采购平台】${company}：${text[action]}`;
}
