// The header's notification centre: the bell with its live unread badge and the drawer (features/notifications).
import { NotificationsCenter } from '@/features/notifications/components/notifications-center';
import classes from './app-layout.module.css';

export function NotificationsButton({ userId }: { userId: number }) {
  return <NotificationsCenter userId={userId} buttonClassName={classes.headerAction} />;
}
