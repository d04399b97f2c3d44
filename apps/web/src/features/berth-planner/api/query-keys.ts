// Query keys of the berth planner; terminal keys match the port-call feature's so both read one cached answer.
export const plannerKeys = {
  all: ['berth-planner'] as const,
  portcalls: (terminalId: number, from: string, to: string) => [...plannerKeys.all, 'portcalls', terminalId, from, to] as const,
  portcallLists: (terminalId: number) => [...plannerKeys.all, 'portcalls', terminalId] as const,
  blockedZones: (terminalId: number, from: string, to: string) => [...plannerKeys.all, 'blocked-zones', terminalId, from, to] as const,
  tide: (terminalId: number, from: string, to: string) => [...plannerKeys.all, 'tide', terminalId, from, to] as const,
  draft: (terminalId: number) => [...plannerKeys.all, 'draft', terminalId] as const,
  publishPreview: (terminalId: number, draftVersion: number | null) => [...plannerKeys.all, 'publish-preview', terminalId, draftVersion] as const,
  timestamps: (portcallId: number) => ['portcalls', 'timestamps', portcallId] as const,
  currentTerminal: ['terminals', 'current'] as const,
  terminal: (id: number) => ['terminals', 'detail', id] as const,
};
