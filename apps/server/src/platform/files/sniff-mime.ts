/** The type a file really is, from its first bytes; the client's declared type is not trusted. */
export function sniffMime(buf: Buffer): string | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (buf.length >= 5 && buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  // OFD (GB/T 33190) is a ZIP whose entry list names OFD.xml
  if (buf.length >= 30 && buf.readUInt32LE(0) === 0x04034b50 && buf.includes('OFD.xml', 0, 'latin1')) return 'application/ofd';
  // Word: .docx is a ZIP whose entries include word/document.xml; .doc an OLE2 compound file
  if (buf.length >= 30 && buf.readUInt32LE(0) === 0x04034b50 && buf.includes('word/', 0, 'latin1'))
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'application/msword';
  if (isXml(buf)) return 'application/xml';
  return null;
}

/** An XML document: an optional UTF-8 BOM and blanks, then an XML declaration or a root element. */
function isXml(buf: Buffer): boolean {
  let i = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  while (i < buf.length && i < 64 && (buf[i] === 0x20 || buf[i] === 0x0a || buf[i] === 0x0d || buf[i] === 0x09)) i++;
  const head = buf.subarray(i, i + 6).toString('latin1');
  return head.startsWith('<?xml') || /^<[A-Za-z]/.test(head);
}

export const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'application/ofd': 'ofd',
  'application/xml': 'xml',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};
