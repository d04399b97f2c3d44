// Query keys of vessel communication: the port calls of the window, their message states, and one thread per call.
import type { TWindowPortcallsQuery } from './get-window-portcalls';

export const messageKeys = {
  all: ['vessel-communication'] as const,
  portcalls: (query: TWindowPortcallsQuery) => [...messageKeys.all, 'portcalls', query] as const,
  statesAll: () => [...messageKeys.all, 'states'] as const,
  states: (ids: readonly number[]) => [...messageKeys.statesAll(), ids.join(',')] as const,
  thread: (portcallId: number) => [...messageKeys.all, 'thread', portcallId] as const,
};
