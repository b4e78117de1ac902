import { describe, expect, it } from 'vitest';
import { type EditSaveSteps, runEditSave } from './edit-save.ts';

function steps(over: Partial<EditSaveSteps<{ title: string }>> = {}) {
  const log: string[] = [];
  const s: EditSaveSteps<{ title: string }> = {
    validate: async () => {
      log.push('validate');
      return { title: '公告' };
    },
    save: async (v) => {
      log.push(`save ${v.title}`);
    },
    success: '已保存',
    notify: (m) => log.push(`notify ${m}`),
    close: () => log.push('close'),
    refresh: async () => log.push('refresh'),
    ...over,
  };
  return { s, log };
}

describe('a dialog’s save', () => {
  it('validates, saves the values, says so, closes, then refreshes', async () => {
    const { s, log } = steps();
    await runEditSave(s);
    expect(log).toEqual(['validate', 'save 公告', 'notify 已保存', 'close', 'refresh']);
  });

  it('says nothing when the page says it itself', async () => {
    const { s, log } = steps({ success: null });
    await runEditSave(s);
    expect(log).toEqual(['validate', 'save 公告', 'close', 'refresh']);
  });

  it('stays open when the form is invalid: nothing is saved', async () => {
    const { s, log } = steps({
      validate: async () => {
        throw new Error('invalid');
      },
    });
    await expect(runEditSave(s)).rejects.toThrow('invalid');
    expect(log).toEqual([]);
  });

  it('stays open when the save fails (the api client showed why)', async () => {
    const { s, log } = steps({
      save: async () => {
        log.push('save');
        throw new Error('40001');
      },
    });
    await expect(runEditSave(s)).rejects.toThrow('40001');
    expect(log).toEqual(['validate', 'save']);
  });
});
