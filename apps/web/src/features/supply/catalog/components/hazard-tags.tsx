import { Tag } from 'antd';
import { hazardColor, hazardLabel } from '../hazard.ts';

/** Hazard marks: red for 剧毒 / 易制爆, orange for 易制毒 / 危险化学品. */
export function HazardTags({ hazards }: { hazards: readonly string[] }) {
  if (!hazards.length) return null;
  return (
    <>
      {hazards.map((h) => {
        const label = hazardLabel(h);
        return (
          <Tag key={h} color={hazardColor(label)} data-testid="hazard-tag">
            {label}
          </Tag>
        );
      })}
    </>
  );
}
