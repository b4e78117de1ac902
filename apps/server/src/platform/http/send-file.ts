import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A generated document as the answer (PDF shown inline, Excel as an attachment): the file name in
 * RFC 5987 form so Chinese names survive, never cached, never sniffed.
 */
export function sendFile(reply: FastifyReply, type: string, disposition: 'inline' | 'attachment', filename: string, body: Buffer) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}
