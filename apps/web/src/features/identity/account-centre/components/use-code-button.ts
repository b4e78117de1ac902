import { useEffect, useState } from 'react';
import { feedback } from '../../../../lib/feedback.ts';

/** Sends a code, then counts down 60 s (the server allows one a minute). */
export function useCodeButton() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return {
    label: left > 0 ? `${left} 秒后重发` : '发送验证码',
    disabled: left > 0,
    send: async (fn: () => Promise<{ sentTo: string | null }>) => {
      const r = await fn();
      feedback.success(`验证码已发送至 ${r.sentTo ?? ''}`);
      setLeft(60);
    },
  };
}
