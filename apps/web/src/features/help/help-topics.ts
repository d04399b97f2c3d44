// What the help page explains: one topic per screen of the navigation, each with the tasks people come to it for.
// Texts live under help.topics.<id> in the four locale files; a topic's title is its screen's navigation label.
import type { ComponentType } from 'react';
import {
  IconAnchor,
  IconCalendarTime,
  IconChecklist,
  IconEdit,
  IconLayoutDashboard,
  IconListDetails,
  IconMap2,
  IconMessages,
  IconReportAnalytics,
  IconRoute,
  IconSettings,
  IconShip,
  type IconProps,
} from '@tabler/icons-react';

export type THelpTopicId =
  | 'dashboard'
  | 'portcall_list'
  | 'portcall_form'
  | 'negotiation'
  | 'tasks'
  | 'berth_planner'
  | 'shift_planner'
  | 'vessel_communication'
  | 'voyage_center'
  | 'reports'
  | 'map'
  | 'settings';

/** The numbered tasks every topic has (help.topics.<id>.task_1 ... task_3). */
const TASK_NUMBERS = [1, 2, 3] as const;

export type THelpTopic = {
  id: THelpTopicId;
  /** Heading: the screen's name as the navigation shows it. */
  titleKey:
    | 'navigation.dashboard'
    | 'navigation.portcall_planner'
    | 'navigation.add_portcall'
    | 'help.topics.negotiation.title'
    | 'navigation.tasks'
    | 'navigation.berth_planner'
    | 'navigation.shift_planner'
    | 'navigation.vessel_communication'
    | 'navigation.voyage_center'
    | 'navigation.reports'
    | 'navigation.map'
    | 'navigation.settings';
  /** Where the "Open" button leads, relative to /{locale}; null for a part of a screen that has no address of its own. */
  path: string | null;
  icon: ComponentType<IconProps>;
};

export const HELP_TOPICS: readonly THelpTopic[] = [
  { id: 'dashboard', titleKey: 'navigation.dashboard', path: '/dashboard', icon: IconLayoutDashboard },
  { id: 'portcall_list', titleKey: 'navigation.portcall_planner', path: '/portcall-planner', icon: IconShip },
  { id: 'portcall_form', titleKey: 'navigation.add_portcall', path: '/portcall-planner/portcall/add', icon: IconEdit },
  { id: 'negotiation', titleKey: 'help.topics.negotiation.title', path: null, icon: IconListDetails },
  { id: 'tasks', titleKey: 'navigation.tasks', path: '/portcall-tasks', icon: IconChecklist },
  { id: 'berth_planner', titleKey: 'navigation.berth_planner', path: '/berth-planner', icon: IconAnchor },
  { id: 'shift_planner', titleKey: 'navigation.shift_planner', path: '/shift-planner', icon: IconCalendarTime },
  { id: 'vessel_communication', titleKey: 'navigation.vessel_communication', path: '/vessel-communication', icon: IconMessages },
  { id: 'voyage_center', titleKey: 'navigation.voyage_center', path: '/voyage-center', icon: IconRoute },
  { id: 'reports', titleKey: 'navigation.reports', path: '/voyage-center/reports', icon: IconReportAnalytics },
  { id: 'map', titleKey: 'navigation.map', path: '/map', icon: IconMap2 },
  { id: 'settings', titleKey: 'navigation.settings', path: '/user-settings', icon: IconSettings },
];

export const helpTaskKeys = (id: THelpTopicId) => TASK_NUMBERS.map((n) => `help.topics.${id}.task_${n}` as const);
export const helpSummaryKey = (id: THelpTopicId) => `help.topics.${id}.summary` as const;
