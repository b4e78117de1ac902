import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PrintSheetPage } from '../../../../components/print-sheet.tsx';
import { claimKeys } from '../api/claim-query-keys.ts';
import { claimPdf } from '../api/claims-api.ts';

/**
 * /printPDF?id= (报销单; &kind=merge for a merged claim) and /printSupplierPDF?id= (the supplier's
 * copy): the server's PDF itself, shown for printing and downloadable.
 */
export function ClaimPrintPage({ copy }: { copy: 'buyer' | 'supplier' }) {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const kind = params.get('kind') === 'merge' ? 'merge' : 'claim';
  const load = () => claimPdf(id as number, kind, copy);
  const q = useQuery({ queryKey: claimKeys.print(id, kind, copy), queryFn: async () => URL.createObjectURL((await load()).blob), enabled: id !== null });
  const error = !id ? '缺少报销单号' : q.isError ? '报销单不存在或不在您的查看范围内' : null;
  return (
    <PrintSheetPage pdf={id ? load : undefined} loading={q.isLoading} error={error}>
      {q.data && (
        <iframe title="报销单" src={q.data} style={{ width: '210mm', maxWidth: '100%', height: '297mm', border: 0, display: 'block', margin: '0 auto' }} />
      )}
    </PrintSheetPage>
  );
}
