// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml, sanitizeSpanClass, toPlainText } from './sanitize-html.ts';

describe('sanitizeRichHtml (help centre whitelist, style allowed)', () => {
  it('keeps formatting and style attributes', () => {
    const html = '<p style="color: red; text-align: center">红色<strong>加粗</strong></p>';
    expect(sanitizeRichHtml(html)).toBe(html);
  });
  it('drops scripts, event handlers and javascript: links', () => {
    const out = sanitizeRichHtml('<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a><img src="x" onerror="y()">');
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(out).toContain('<p>a</p>');
  });
  it('drops iframes and forms', () => {
    expect(sanitizeRichHtml('<iframe src="https://evil.example"></iframe><form><input></form>ok')).toBe('ok');
  });
  it('opens links in a new window without opener', () => {
    expect(sanitizeRichHtml('<a href="https://example.cn/a">x</a>')).toBe('<a href="https://example.cn/a" target="_blank" rel="noopener noreferrer">x</a>');
  });
  it('keeps site-relative images and tables', () => {
    const html = '<table><tbody><tr><td colspan="2"><img src="/uac/file/noauth/download?id=1" alt="图"></td></tr></tbody></table>';
    expect(sanitizeRichHtml(html)).toBe(html);
  });
  it('answers empty input with an empty string', () => {
    expect(sanitizeRichHtml(null)).toBe('');
  });
});

describe('the other sanitisers', () => {
  it('sanitizeSpanClass keeps only span class', () => {
    expect(sanitizeSpanClass('<span class="hl" style="x">乙醇</span><b>!</b>')).toBe('<span class="hl">乙醇</span>!');
  });
  it('toPlainText keeps nothing but text', () => {
    expect(toPlainText('<p>无水<span>乙醇</span></p><script>x</script>')).toBe('无水乙醇');
  });
});
