import { describe, expect, it } from 'vitest';
import { UPLOAD_RESULTS_WIDTH, uploadFailureTitle } from './upload-results-dialog.tsx';

describe('upload-results dialog', () => {
  it('states how many images were refused', () => {
    expect(uploadFailureTitle(2)).toBe('2 张图片不符合要求，请检查后重新上传');
  });
  it('is 600 wide', () => {
    expect(UPLOAD_RESULTS_WIDTH).toBe(600);
  });
});
