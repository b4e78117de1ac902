import { Outlet } from 'react-router';

/** Print pages: no header, no menus, no watermark, no help window; white A4-width sheet. */
export function PrintLayout() {
  return (
    <div className="print-layout" style={{ background: '#fff', minHeight: '100vh' }}>
      <style>{'@media print { .no-print { display: none !important; } @page { size: A4; margin: 12mm; } }'}</style>
      <Outlet />
    </div>
  );
}
