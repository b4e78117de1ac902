import { beforeEach, describe, expect, it, vi } from 'vitest';

const feedback = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn(), alert: vi.fn() }));
const navigation = vi.hoisted(() => ({ navigateTo: vi.fn() }));
const session = vi.hoisted(() => ({ clearSession: vi.fn(), endSession: vi.fn() }));
const storageMock = vi.hoisted(() => ({ set: vi.fn(), get: vi.fn(), remove: vi.fn() }));

vi.mock('./feedback.ts', () => ({ feedback }));
vi.mock('./navigation.ts', () => navigation);
vi.mock('./session.ts', () => session);
vi.mock('./storage.ts', () => ({ storage: storageMock, StorageKey: { unfreeze: 'unfreeze' }, TTL: { unfreeze: 1 } }));

const { ApiError, handleApiError, MSG_GENERIC, MSG_NETWORK } = await import('./error-catalogue.ts');

beforeEach(() => {
  vi.clearAllMocks();
});

describe('handleApiError (docs/domains/platform.md#error-catalogue)', () => {
  it('shows the network message when there is no answer', () => {
    handleApiError(new ApiError(0, 0, MSG_NETWORK));
    expect(feedback.error).toHaveBeenCalledWith('网络连接异常', 'network');
  });

  it('shows the server message for a bad request, or the generic one', () => {
    handleApiError(new ApiError(400, 40003, '用户名或密码错误'));
    expect(feedback.error).toHaveBeenLastCalledWith('用户名或密码错误');
    handleApiError(new ApiError(500, 500, ''));
    expect(feedback.error).toHaveBeenLastCalledWith(MSG_GENERIC);
    expect(session.endSession).not.toHaveBeenCalled();
  });

  it('shows an ordinary refusal (400, 40300) and keeps the session; only HTTP 403 itself ends it', () => {
    handleApiError(new ApiError(400, 40300, '无权查看该类公告'));
    expect(feedback.error).toHaveBeenLastCalledWith('无权查看该类公告');
    expect(session.endSession).not.toHaveBeenCalled();
    handleApiError(new ApiError(403, 403, '无权访问'));
    expect(session.endSession).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when silent', () => {
    handleApiError(new ApiError(400, 40001, '非法请求！'), { silent: true });
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('stores the frozen account and goes to /UnFreeze on 10035', () => {
    const data = { phoneNum: '138****0010', userName: 'freeze1', id: 10 };
    handleApiError(new ApiError(200, 10035, '账号已冻结', data));
    expect(storageMock.set).toHaveBeenCalledWith('unfreeze', data, 1);
    expect(navigation.navigateTo).toHaveBeenCalledWith('/UnFreeze', { state: data });
    expect(session.endSession).not.toHaveBeenCalled();
  });

  it('passes 10048 to the caller without any dialog', () => {
    handleApiError(new ApiError(200, 10048, '该操作需要确认'));
    expect(feedback.error).not.toHaveBeenCalled();
    expect(feedback.alert).not.toHaveBeenCalled();
    expect(session.endSession).not.toHaveBeenCalled();
  });

  it.each([
    ['50001', new ApiError(200, 50001, '登录状态已失效，请重新登录')],
    ['401', new ApiError(401, 401, '令牌超时,请重新登录！', null, 'invalid_token')],
    ['403', new ApiError(403, 403, '无权访问该资源')],
    ['invalid_token', new ApiError(400, 400, '', null, 'invalid_token')],
  ])('logs out on %s', (_name, err) => {
    handleApiError(err);
    expect(session.endSession).toHaveBeenCalledTimes(1);
  });

  it("logs out on the prompt '令牌超时,请重新登录！' whatever the status", () => {
    handleApiError(new ApiError(400, 40000, '令牌超时,请重新登录！'));
    expect(session.endSession).toHaveBeenCalledTimes(1);
  });

  it("shows '非法请求！' for a request the server refuses as illegal", () => {
    handleApiError(new ApiError(400, 40001, '非法请求！'));
    expect(feedback.error).toHaveBeenCalledWith('非法请求！');
    expect(session.endSession).not.toHaveBeenCalled();
  });

  it('lets timeouts and aborts pass silently', () => {
    handleApiError(new ApiError(0, 0, ''), { silent: true });
    expect(feedback.error).not.toHaveBeenCalled();
    expect(session.endSession).not.toHaveBeenCalled();
  });

  it('rejects an expired refresh token silently', () => {
    handleApiError(new ApiError(401, 401, 'refresh_token已失效', null, 'invalid_token'));
    expect(session.endSession).not.toHaveBeenCalled();
    expect(feedback.warning).not.toHaveBeenCalled();
  });

  it('409 prompts, then ends the session when confirmed', () => {
    handleApiError(new ApiError(409, 409, '您的账号已在其他地方登录，请重新登录'));
    expect(session.endSession).not.toHaveBeenCalled();
    expect(feedback.alert).toHaveBeenCalledTimes(1);
    const onOk = feedback.alert.mock.calls[0][2] as () => void;
    // a second 409 while the prompt is open does not stack another one
    handleApiError(new ApiError(409, 409, 'again'));
    expect(feedback.alert).toHaveBeenCalledTimes(1);
    onOk();
    expect(session.endSession).toHaveBeenCalledTimes(1);
  });

  it('423 clears the session at once and prompts', () => {
    handleApiError(new ApiError(423, 423, '账号已被停用，请联系管理员'));
    expect(session.clearSession).toHaveBeenCalledTimes(1);
    expect(feedback.alert).toHaveBeenCalledWith('提示', '账号已被停用，请联系管理员', expect.any(Function));
    (feedback.alert.mock.calls[0][2] as () => void)();
    expect(session.endSession).toHaveBeenCalledTimes(1);
  });

  it('410 prompts and reloads when confirmed', () => {
    const reload = vi.fn();
    vi.stubGlobal('window', { location: { reload } });
    handleApiError(new ApiError(410, 410, '系统已更新，请刷新页面后重新登录'));
    (feedback.alert.mock.calls[0][2] as () => void)();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
