import { shanghaiDate } from '@kc/contracts/platform/common';

const DAY = 86_400_000;

/** The Shanghai calendar day `offset` days from the seeding day: demo validity windows move with it. */
export const inDays = (offset: number) => shanghaiDate(Date.now() + offset * DAY);
