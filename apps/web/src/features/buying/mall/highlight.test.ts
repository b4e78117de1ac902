import { describe, expect, it } from 'vitest';
import { highlightParts, sanitizeHighlight } from './highlight.ts';

describe('search highlight', () => {
  it('keeps the matched words in <em> and decodes the escaped text', () => {
    expect(highlightParts('无水<em>乙醇</em> &amp; 丙酮')).toEqual([
      { text: '无水', em: false },
      { text: '乙醇', em: true },
      { text: ' & 丙酮', em: false },
    ]);
  });

  it('turns every other tag into visible text', () => {
    const parts = highlightParts('<em>a</em>&lt;img src=x onerror=alert(1)&gt;<script>x</script>');
    expect(parts).toEqual([
      { text: 'a', em: true },
      { text: '<img src=x onerror=alert(1)><script>x</script>', em: false },
    ]);
    expect(sanitizeHighlight('<em>a</em><b onclick="x">b</b>')).toBe('<em>a</em>&lt;b onclick=&quot;x&quot;&gt;b&lt;/b&gt;');
  });

  it('does not let attributes ride on <em>', () => {
    expect(sanitizeHighlight('<em onmouseover="x">a</em>')).toBe('&lt;em onmouseover=&quot;x&quot;&gt;a');
  });

  it('survives unbalanced tags and unknown entities', () => {
    expect(highlightParts('</em>x<em>y')).toEqual([
      { text: 'x', em: false },
      { text: 'y', em: true },
    ]);
    expect(highlightParts('&foo; &#65; &#x4e59;')).toEqual([{ text: '&foo; A 乙', em: false }]);
  });
});
