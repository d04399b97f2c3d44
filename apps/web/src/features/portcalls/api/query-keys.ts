// Query keys of the port-call feature in one place, so a write can refresh exactly what it changed.
import type { TPortcallListQueryInput } from './get-portcalls';

export const portcallKeys = {
  all: ['portcalls'] as const,
  lists: () => [...portcallKeys.all, 'list'] as const,
  list: (query: TPortcallListQueryInput) => [...portcallKeys.lists(), query] as const,
  detail: (id: number) => [...portcallKeys.all, 'detail', id] as const,
  timestamps: (id: number) => [...portcallKeys.all, 'timestamps', id] as const,
  audit: (id: number, page: number) => [...portcallKeys.all, 'audit', id, page] as const,
  audits: (id: number) => [...portcallKeys.all, 'audit', id] as const,
};
