/**
 * Business codes carried in the envelope's `code`, with their Chinese messages and HTTP status.
 * docs/domains/platform.md#error-catalogue fixes 50001, 10035 and 10048 and the client behaviour tied to 401/403/409/410/423;
 * the rest are ours. docs/API.md lists every row with its trigger.
 */
export const ErrorCodes = {
  OK: { code: 200, status: 200, message: '操作成功' },
  BAD_REQUEST: { code: 40000, status: 400, message: '请求参数有误' },
  ILLEGAL_REQUEST: { code: 40001, status: 400, message: '非法请求！' },
  CAPTCHA_INVALID: { code: 40002, status: 400, message: '验证码错误或已失效，请刷新后重试' },
  BAD_CREDENTIALS: { code: 40003, status: 400, message: '用户名或密码错误' },
  CODE_INVALID: { code: 40004, status: 400, message: '验证码错误或已过期' },
  STATE_CONFLICT: { code: 40009, status: 400, message: '数据已被他人修改，请刷新后重试' },
  DUPLICATE: { code: 40010, status: 400, message: '数据已存在' },
  LIMIT_REACHED: { code: 40011, status: 400, message: '已达到数量上限' },
  PASSWORD_WEAK: { code: 40012, status: 400, message: '密码需为8-20位，且同时包含字母和数字' },
  PASSWORD_CHANGE_REQUIRED: { code: 40013, status: 400, message: '首次登录请先修改初始密码' },
  UNAUTHORIZED: { code: 401, status: 401, message: '令牌超时,请重新登录！' },
  /**
   * An ordinary refusal (a missing permission or page flag, another institute's department, a
   * notice type the user may not read): HTTP 400 with its own code, because docs/domains/platform.md#error-catalogue makes the
   * client end the session on HTTP 403, and a denied button press must not log anybody out.
   */
  FORBIDDEN: { code: 40300, status: 400, message: '无权执行该操作' },
  NOT_FOUND: { code: 404, status: 404, message: '请求的资源不存在' },
  SESSION_CONFLICT: { code: 409, status: 409, message: '您的账号已在其他地方登录，请重新登录' },
  CLIENT_OUTDATED: { code: 410, status: 410, message: '系统已更新，请刷新页面后重新登录' },
  ACCOUNT_LOCKED: { code: 423, status: 423, message: '账号已被停用，请联系管理员' },
  TOO_MANY: { code: 429, status: 429, message: '操作过于频繁，请稍后再试' },
  SERVER_ERROR: { code: 500, status: 500, message: '出错了' },
  /** docs/domains/platform.md#error-catalogue: the client logs out and goes to login. */
  SESSION_INVALID: { code: 50001, status: 200, message: '登录状态已失效，请重新登录' },
  /** docs/domains/platform.md#error-catalogue: frozen account; data carries phoneNum, userName, id. */
  ACCOUNT_FROZEN: { code: 10035, status: 200, message: '密码错误次数过多，账号已冻结，请验证身份后解冻' },
  /** docs/domains/platform.md#error-catalogue: handed to the caller, which shows its own confirmation (no dialog, no logout). */
  NEEDS_CONFIRM: { code: 10048, status: 200, message: '该操作需要确认' },
  DUPLICATE_USER: { code: 40020, status: 400, message: '该用户已经被注册过!' },
  DUPLICATE_COMPANY: { code: 40021, status: 400, message: '该公司名称已经被注册过' },
} as const;

export type ErrorKey = keyof typeof ErrorCodes;
export type ErrorCode = (typeof ErrorCodes)[ErrorKey]['code'];

/** Envelope every JSON answer uses. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  /** OAuth-style error name on 401 ('invalid_token'), kept for the client's catalogue. */
  error?: string;
}
