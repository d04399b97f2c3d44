// The side navigation: each area of spec section 2 with its Tabler icon; voyage center groups its two lists.
import type { ComponentType } from 'react';
import {
  IconAnchor,
  IconCalendarTime,
  IconChecklist,
  IconLayoutDashboard,
  IconMap2,
  IconMessages,
  IconRoute,
  IconShip,
  IconTemplate,
  IconListDetails,
  IconReportAnalytics,
  type IconProps,
} from '@tabler/icons-react';

export type TNavItem = {
  path: string;
  labelKey:
    | 'navigation.dashboard'
    | 'navigation.vessel_communication'
    | 'navigation.tasks'
    | 'navigation.berth_planner'
    | 'navigation.shift_planner'
    | 'navigation.portcall_planner'
    | 'navigation.voyage_center'
    | 'navigation.voyages'
    | 'navigation.voyage_templates'
    | 'navigation.reports'
    | 'navigation.map';
  icon: ComponentType<IconProps>;
  testId: string;
  children?: TNavItem[];
};

export const NAV_ITEMS: TNavItem[] = [
  { path: '/dashboard', labelKey: 'navigation.dashboard', icon: IconLayoutDashboard, testId: 'nav-dashboard' },
  { path: '/vessel-communication', labelKey: 'navigation.vessel_communication', icon: IconMessages, testId: 'nav-vessel-communication' },
  { path: '/portcall-tasks', labelKey: 'navigation.tasks', icon: IconChecklist, testId: 'nav-portcall-tasks' },
  { path: '/berth-planner', labelKey: 'navigation.berth_planner', icon: IconAnchor, testId: 'nav-berth-planner' },
  { path: '/shift-planner', labelKey: 'navigation.shift_planner', icon: IconCalendarTime, testId: 'nav-shift-planner' },
  { path: '/portcall-planner', labelKey: 'navigation.portcall_planner', icon: IconShip, testId: 'nav-portcall-planner' },
  {
    path: '/voyage-center',
    labelKey: 'navigation.voyage_center',
    icon: IconRoute,
    testId: 'nav-voyage-center',
    children: [
      { path: '/voyage-center/voyages', labelKey: 'navigation.voyages', icon: IconListDetails, testId: 'nav-voyages' },
      { path: '/voyage-center/voyage-templates', labelKey: 'navigation.voyage_templates', icon: IconTemplate, testId: 'nav-voyage-templates' },
      { path: '/voyage-center/reports', labelKey: 'navigation.reports', icon: IconReportAnalytics, testId: 'nav-reports' },
    ],
  },
  { path: '/map', labelKey: 'navigation.map', icon: IconMap2, testId: 'nav-map' },
];
