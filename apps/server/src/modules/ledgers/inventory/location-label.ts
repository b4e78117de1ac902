/** 楼宇 / 房间 / 柜号 / 层 in one line, as labels, slips and lists show a location. */
export const locationLabel = (l: { building: string; room: string; cabinet: string; shelf: string; hazard_cabinet?: number }) =>
  `${l.building} ${l.room} ${l.cabinet} ${l.shelf}${l.hazard_cabinet ? '（危化品柜）' : ''}`;
