// The vessel marker: an inline SVG hull pointing along the course, filled in the call's status colour, ringed by its prediction.
import { DEFAULT_THEME } from '@mantine/core';
import type { TAisPosition, TPortcallStatus } from '@quayline/domain';
import { STATUS_COLOURS } from '@/entities/portcall/enum-labels';
import { PREDICTION_COLOURS, type TPredictionLevel } from './prediction-rank';

/** The port-call badges' status colours (Mantine palette names) at the filled shade, as the hex a marker's SVG needs. */
export const STATUS_HEX = Object.fromEntries(
  Object.entries(STATUS_COLOURS).map(([status, colour]) => [status, DEFAULT_THEME.colors[colour]![6]]),
) as Record<TPortcallStatus, string>;

export const SHIP_ICON_SIZE = 28;

/** Heading when the vessel reports it (511 is "not available" and arrives as null), else course over ground, else north. */
export function markerRotation(position: Pick<TAisPosition, 'heading_deg' | 'course_deg'>): number {
  const angle = position.heading_deg ?? position.course_deg ?? 0;
  return ((Math.round(angle) % 360) + 360) % 360;
}

export function shipIconHtml(args: { status: TPortcallStatus; level: TPredictionLevel; rotation: number; isSelected: boolean; label: string }): string {
  const fill = STATUS_HEX[args.status];
  const ring = PREDICTION_COLOURS[args.level];
  const size = SHIP_ICON_SIZE;
  const stroke = args.isSelected ? '#0b2545' : '#ffffff';
  // A ring only when there is a prediction to tell; the hull alone otherwise.
  const ringSvg = args.level === 'none' ? '' : `<circle cx="14" cy="14" r="12.5" fill="none" stroke="${ring}" stroke-width="2.5"/>`;
  const escaped = args.label.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 28 28" role="img" aria-label="${escaped}">` +
    ringSvg +
    `<g transform="rotate(${args.rotation} 14 14)"><path d="M14 3 L19 12 L19 23 L9 23 L9 12 Z" fill="${fill}" stroke="${stroke}" stroke-width="${args.isSelected ? 2 : 1.2}" stroke-linejoin="round"/></g>` +
    '</svg>'
  );
}
