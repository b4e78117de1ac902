import { CHANGE_STATUS_TEXT } from '@kc/contracts/identity/account-centre';
import { Tag } from 'antd';
import type { ChangeRequestVO } from '../api/account-centre-api.ts';

/** The state of the user's own change request (审核中, 已通过, 未通过). */
export const requestTag = (r: ChangeRequestVO | null | undefined) =>
  r ? <Tag color={r.status === 'pending' ? 'orange' : r.status === 'approved' ? 'green' : 'red'}>{CHANGE_STATUS_TEXT[r.status]}</Tag> : null;
