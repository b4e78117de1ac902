import { Tooltip } from 'antd';
import { captchaUrl } from '../api/auth-api.ts';

const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh captcha identifier: 16 random letters and digits. */
export function newRandomStr(length = 16): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CHARS[Math.floor(Math.random() * CHARS.length)];
  return s;
}

/** The captcha picture for `randomStr`; clicking asks the parent for a new one. */
export function CaptchaImage({ randomStr, onRefresh }: { randomStr: string; onRefresh: () => void }) {
  return (
    <Tooltip title="看不清？点击换一张">
      <img
        src={captchaUrl(randomStr)}
        alt="验证码"
        data-testid="captcha-image"
        onClick={onRefresh}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onRefresh();
        }}
        style={{ width: 110, height: 40, cursor: 'pointer', borderRadius: 6, border: '1px solid #d9d9d9', objectFit: 'cover' }}
      />
    </Tooltip>
  );
}
