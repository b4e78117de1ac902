import { Button, Result } from 'antd';

/** What the error page (route-error-page.tsx) says and offers. */
export interface RouteErrorView {
  status: 'warning' | '404' | '500';
  title: string;
  subTitle: string;
  action: string;
  onAction: () => void;
}

/** The error page drawn with antd's Result (its 404/500 illustrations make it a chunk of its own). */
export function RouteErrorResult({ status, title, subTitle, action, onAction }: RouteErrorView) {
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={onAction}>
          {action}
        </Button>
      }
      style={{ paddingTop: 120 }}
    />
  );
}
