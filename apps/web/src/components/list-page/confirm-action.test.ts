import { describe, expect, it } from 'vitest';
import { confirmActionProps } from './confirm-action.ts';

describe('the confirm dialog of an action', () => {
  it('asks with 取消 beside the action, red only when dangerous', () => {
    const run = async () => undefined;
    const plain = confirmActionProps(
      { title: '确认发布？', okText: '发布', run },
      () => undefined,
      async () => undefined,
    );
    expect(plain).toMatchObject({ title: '确认发布？', okText: '发布', cancelText: '取消' });
    expect(plain.okButtonProps).toBeUndefined();
    const red = confirmActionProps(
      { title: '确认删除？', content: '删除后不可恢复。', okText: '删除', danger: true, run },
      () => undefined,
      async () => undefined,
    );
    expect(red.okButtonProps).toEqual({ danger: true });
    expect(red.content).toBe('删除后不可恢复。');
  });

  it('runs the action, says it went through, then refreshes', async () => {
    const log: string[] = [];
    const p = confirmActionProps(
      { title: 't', okText: '删除', run: async () => log.push('run'), done: '已删除' },
      (m) => log.push(`notify ${m}`),
      async () => log.push('refresh'),
    );
    await p.onOk?.();
    expect(log).toEqual(['run', 'notify 已删除', 'refresh']);
  });

  it('says nothing without a done message, and stops at a failure (the dialog stays open)', async () => {
    const log: string[] = [];
    const quiet = confirmActionProps(
      { title: 't', okText: '更换', run: async () => log.push('run') },
      (m) => log.push(m),
      async () => log.push('refresh'),
    );
    await quiet.onOk?.();
    expect(log).toEqual(['run', 'refresh']);
    const failing = confirmActionProps(
      {
        title: 't',
        okText: '删除',
        run: async () => {
          throw new Error('refused');
        },
        done: '已删除',
      },
      (m) => log.push(m),
      async () => log.push('refresh again'),
    );
    await expect(failing.onOk?.()).rejects.toThrow('refused');
    expect(log).toEqual(['run', 'refresh']);
  });
});
