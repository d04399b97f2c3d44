// How long until (or since) a PRISE deadline, as people read it: "1 d 4 h" or "3 h 09 min".
import type { TFunction } from 'i18next';

export function timeLeftText(t: TFunction, ms: number): string {
  const totalMinutes = Math.floor(Math.abs(ms) / 60_000);
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  return days > 0 ? t('portcalls.prise.duration_days', { days, hours }) : t('portcalls.prise.duration_hours', { hours, minutes: String(minutes).padStart(2, '0') });
}
