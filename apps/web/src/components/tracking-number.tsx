import { Typography } from 'antd';

/**
 * A parcel's tracking number, copyable, and 查询物流 opening its channel's tracking page (the
 * server fills the channel's address template; a channel without one has no link).
 */
export function TrackingNumber({ trackingNo, trackingLink }: { trackingNo: string; trackingLink: string | null }) {
  return (
    <>
      <Typography.Text copyable>{trackingNo}</Typography.Text>
      {trackingLink && (
        <>
          {' '}
          <Typography.Link href={trackingLink} target="_blank" rel="noopener noreferrer" data-testid="tracking-link">
            查询物流
          </Typography.Link>
        </>
      )}
    </>
  );
}
