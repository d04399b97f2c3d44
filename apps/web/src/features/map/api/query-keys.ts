// Query keys of the map feature in one place, so realtime events can reach every cached list of a terminal.
export type TAisListFilter = { statuses: string; isWatchedOnly: boolean };

export const mapKeys = {
  all: ['ais'] as const,
  portcallLists: (terminalId: number) => [...mapKeys.all, 'portcalls', terminalId] as const,
  portcallList: (terminalId: number, filter: TAisListFilter) => [...mapKeys.portcallLists(terminalId), filter.statuses, filter.isWatchedOnly] as const,
  route: (portcallId: number) => [...mapKeys.all, 'route', portcallId] as const,
  geometry: (terminalId: number) => [...mapKeys.all, 'geometry', terminalId] as const,
  settings: (terminalId: number) => [...mapKeys.all, 'settings', terminalId] as const,
};
