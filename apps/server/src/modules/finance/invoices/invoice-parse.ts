import { execFile } from 'node:child_process';
import type { InvoiceKind, InvoiceLineInput, ParsedInvoiceVO } from '@kc/contracts/finance/invoices';
import { TAX_RATES, type TaxRate } from '@kc/contracts/platform/tax';
import { parseYuanToFen } from '../../../platform/documents/yuan.ts';

/**
 * Reads an invoice file into the upload form's fields, for the supplier to confirm instead of type:
 * - 数电 XML (the file the 电子发票服务平台 issues beside the PDF/OFD: EInvoice › Header,
 *   EInvoiceData › SellerInformation, BuyerInformation, BasicInformation, IssuItemInformation*,
 *   TaxSupervisionInfo): every field, lines included. The elements are flat and named, so a small
 *   reader takes them by name; entities other than the five XML ones and character references are
 *   never expanded (no DOCTYPE is honoured).
 * - PDF: its text through pdftotext (poppler) when installed; the labelled fields of the 数电
 *   layout (发票号码, 开票日期, 名称, 统一社会信用代码/纳税人识别号, 合计, 价税合计) are read,
 *   lines only when the invoice has a single rate (one line carrying the whole amount).
 * Nothing read is trusted: the upload validates it like typed fields.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
      e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m),
    )
    .trim();
const esc = (name: string) => name.replace(/[-.]/g, '\\$&');
/** Text of the first element with this name (any namespace prefix) inside `xml`. */
function tag(xml: string, name: string): string | null {
  const m = new RegExp(`<(?:\\w+:)?${esc(name)}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${esc(name)}>`).exec(xml);
  return m ? decode(m[1]) : null;
}
function blocks(xml: string, name: string): string[] {
  const re = new RegExp(`<(?:\\w+:)?${esc(name)}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${esc(name)}>`, 'g');
  return [...xml.matchAll(re)].map((m) => m[1]);
}

/** Yuan text (¥1,234.50, -113.00) to fen, or null. */
function fen(s: string | null): number | null {
  if (!s) return null;
  const r = parseYuanToFen(s.replace(/[¥￥\s]/g, ''), { allowNegative: true });
  return typeof r === 'number' ? r : null;
}

/** '0.13', '13%', '13', '免税', '不征税' → a rate code, or null. */
export function rateCode(s: string | null): TaxRate | null {
  if (!s) return null;
  const t = s.trim();
  if (/免税|不征税/.test(t)) return '免税';
  const n = t.endsWith('%') ? Number(t.slice(0, -1)) : Number(t) < 1 && Number(t) > 0 ? Number(t) * 100 : Number(t);
  if (!Number.isFinite(n)) return null;
  const code = String(Math.round(n * 100) / 100);
  return (TAX_RATES as readonly string[]).includes(code) ? (code as TaxRate) : null;
}

/** '2025-03-01', '2025-03-01 10:00:00', '2025年03月01日' → YYYY-MM-DD. */
function dateOf(s: string | null): string | null {
  const m = s ? /(\d{4})\D{1,3}(\d{1,2})\D{1,3}(\d{1,2})/.exec(s) : null;
  return m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : null;
}

function kindOf(typeText: string | null, typeCode: string | null, digital: boolean): InvoiceKind | null {
  const special = (typeText ?? '').includes('专用') || typeCode === '01';
  const normal = (typeText ?? '').includes('普通') || typeCode === '02';
  if (!special && !normal) return null;
  if (digital) return special ? 'digital_special' : 'digital_normal';
  return special ? 'paper_special' : 'e_normal';
}

export function parseInvoiceXml(text: string): ParsedInvoiceVO {
  const warnings: string[] = [];
  const xml = text.replace(/<!DOCTYPE[\s\S]*?>/gi, '');
  if (!/<(?:\w+:)?EInvoice[\s>]/.test(xml)) warnings.push('不是数电发票 XML（缺少 EInvoice 根元素），请核对读取的内容');
  const number = tag(xml, 'InvoiceNumber') ?? tag(xml, 'EIid');
  const typeBlock = tag(xml, 'EInvoiceType') ?? '';
  const kind = kindOf(tag(typeBlock, 'LabelName') ?? typeBlock, tag(typeBlock, 'LabelCode'), /^\d{20}$/.test(number ?? ''));
  if (!kind) warnings.push('未能读出发票种类，请选择');
  const seller = tag(xml, 'SellerInformation') ?? '';
  const buyer = tag(xml, 'BuyerInformation') ?? '';
  const basic = tag(xml, 'BasicInformation') ?? xml;
  const lines: InvoiceLineInput[] = [];
  blocks(xml, 'IssuItemInformation').forEach((b, i) => {
    const excl = fen(tag(b, 'Amount'));
    const tax = fen(tag(b, 'ComTaxAm'));
    const rate = rateCode(tag(b, 'TaxRate'));
    if (excl === null || tax === null || rate === null) {
      warnings.push(`第 ${i + 1} 行明细读取不完整，请核对`);
      return;
    }
    lines.push({
      name: tag(b, 'ItemName') ?? '',
      spec: tag(b, 'SpecMod') || null,
      unit: tag(b, 'MeaUnits') || null,
      quantity: tag(b, 'Quantity') || null,
      amount: excl + tax,
      exclAmount: excl,
      taxAmount: tax,
      taxRate: rate,
    });
  });
  if (lines.length === 0) warnings.push('未读到发票明细');
  return {
    source: 'xml',
    kind,
    code: null,
    number,
    issueDate: dateOf(tag(xml, 'IssueTime') ?? tag(basic, 'RequestTime')),
    sellerName: tag(seller, 'SellerName'),
    sellerTaxId: tag(seller, 'SellerIdNum'),
    buyerName: tag(buyer, 'BuyerName'),
    buyerTaxId: tag(buyer, 'BuyerIdNum'),
    exclAmount: fen(tag(basic, 'TotalAmWithoutTax')),
    taxAmount: fen(tag(basic, 'TotalTaxAm')),
    totalAmount: fen(tag(basic, 'TotalTax-includedAmount')),
    lines,
    warnings,
  };
}

/** The fields of a 数电 (or legacy) PDF's text layer, as pdftotext gives it. */
export function parseInvoiceText(text: string): ParsedInvoiceVO {
  const warnings: string[] = [];
  const t = text.replace(/\u3000/g, ' ');
  const after = (label: RegExp) => label.exec(t)?.[1]?.trim() ?? null;
  const number = after(/发票号码[:：]\s*(\d{8,20})/);
  const code = after(/发票代码[:：]\s*(\d{10,12})/);
  const names = [...t.matchAll(/名\s*称[:：]\s*([^\s:：]+)/g)].map((m) => m[1]);
  const ids = [...t.matchAll(/(?:统一社会信用代码\/纳税人识别号|纳税人识别号)[:：]\s*([0-9A-Z]{15,20})/g)].map((m) => m[1]);
  const title = /电子发票（(增值税专用发票|普通发票)）|增值税(专用|普通|电子普通)发票/.exec(t)?.[0] ?? null;
  const digital = number !== null && number.length === 20 && !code;
  const kind = kindOf(title, null, digital);
  if (!kind) warnings.push('未能读出发票种类，请选择');
  const totalLine = /合\s*计\s*[¥￥]\s*(-?[\d,]+\.\d{2})\s*[¥￥]\s*(-?[\d,]+\.\d{2})/.exec(t);
  const total = fen(after(/（小写）\s*[¥￥]\s*(-?[\d,]+\.\d{2})/));
  const excl = totalLine ? fen(totalLine[1]) : null;
  const tax = totalLine ? fen(totalLine[2]) : null;
  const rates = [...new Set([...t.matchAll(/(?<![\d.])(13|9|6|3|1|0)%/g)].map((m) => m[1]))];
  const lines: InvoiceLineInput[] = [];
  if (rates.length === 1 && excl !== null && tax !== null) {
    const item = /(\*[^*\s]+\*[^\s]+)/.exec(t)?.[1] ?? '货物或应税劳务';
    lines.push({ name: item, amount: excl + tax, exclAmount: excl, taxAmount: tax, taxRate: rates[0] as TaxRate });
    warnings.push('PDF 只读出合计，已作为一行明细；请核对或改按明细填写');
  } else warnings.push('PDF 未能读出明细，请上传数电 XML 或手工填写明细');
  if (!number) warnings.push('未读到发票号码');
  return {
    source: 'pdf',
    kind,
    code: digital ? null : code,
    number,
    issueDate: dateOf(after(/开票日期[:：]\s*([^\n]{8,16})/)),
    buyerName: names[0] ?? null,
    sellerName: names[1] ?? null,
    buyerTaxId: ids[0] ?? null,
    sellerTaxId: ids[1] ?? null,
    exclAmount: excl,
    taxAmount: tax,
    totalAmount: total,
    lines,
    warnings,
  };
}

/** The text layer of a PDF through pdftotext, or null when poppler is not installed or the file has no text. */
export function pdfText(pdf: Buffer): Promise<string | null> {
  return new Promise((resolve) => {
    const child = execFile('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { timeout: 10_000, maxBuffer: 4 * 1024 * 1024 }, (err, stdout) =>
      resolve(err ? null : stdout.trim() ? stdout : null),
    );
    child.stdin?.on('error', () => resolve(null));
    child.stdin?.end(pdf);
  });
}
