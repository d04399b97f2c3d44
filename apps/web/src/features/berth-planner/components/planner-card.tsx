// One port call on the diagram: coloured by status, the user's card details, its time labels; memoised so a drag
// or a scroll does not re-render the other cards.
import { memo } from 'react';
import { IconFileCertificate, IconLock } from '@tabler/icons-react';
import { plausibilityWarnings, type TPlannerPortcall, type TPortcall, type TPortcallCardField } from '@quayline/domain';
import { CARD_COLOUR_TINTS, priseStatusKey, STATUS_COLOURS, statusKey, timeLabelKey } from '@/entities/portcall/enum-labels';
import { plausibilityTexts } from '@/entities/portcall/plausibility-text';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { durationText } from '@/lib/number-format';
import { cardLines, type TCardContext } from '../utils/card-fields';
import type { TScreenRect } from '../utils/planner-scale';
import classes from './berth-planner.module.css';

const LINE_PX = 13;

const CHROME_PX = 6;

/** Only the PRISE states a planner acts on get room on the card (sent is just waiting); partially accepted is accepted. */
const PRISE_CARD_COLOURS: Partial<Record<NonNullable<TPortcall['prise_status']>, string>> = {
  prise_rejected: 'red',
  prise_info_required: 'orange',
  prise_accepted: 'green',
  prise_partially_accepted: 'green',
};

export type TPlannerCardProps = {
  call: TPlannerPortcall;
  rect: TScreenRect;
  isClash: boolean;
  isFrozen: boolean;
  isSelected: boolean;
  isSwitched: boolean;
  fields: readonly TPortcallCardField[];
  context: TCardContext;
};

export const PlannerCard = memo(function PlannerCard({ call, rect, isClash, isFrozen, isSelected, isSwitched, fields, context }: TPlannerCardProps) {
  const { text, format } = context.texts;
  const colour = STATUS_COLOURS[call.status];
  // Title and time labels take two lines; the details fill what is left.
  const maxLines = Math.max(0, Math.floor((rect.height - CHROME_PX) / LINE_PX) - 2);
  const lines = maxLines > 0 ? cardLines(call, fields, context, maxLines) : [];
  const arrival = call.berth_arrival_state.label;
  const departure = call.berth_departure_state.label;
  const prediction = call.predicted_berth_arrival;
  // Only a deviation is worth the room on a small card; on time says nothing new.
  const deviation = prediction && prediction.status !== 'on_time' ? prediction : null;
  const priseColour = call.prise_status ? PRISE_CARD_COLOURS[call.prise_status] : undefined;
  // Figures that cannot all be true are marked on the card itself, with each reason in the marker's title.
  const warnings = plausibilityWarnings(call, { movesPerCraneHour: context.craneRate ?? null });
  const warningText = warnings.length ? plausibilityTexts(warnings, format, (iso) => formatZonedDateTime(iso, context.timeZone, context.locale), context.locale).join('\n') : '';
  return (
    <div
      className={classes.card}
      data-testid="planner-card"
      data-portcall-id={call.id}
      data-status={call.status}
      data-colour={call.card_colour}
      data-clash={String(isClash)}
      data-frozen={String(isFrozen)}
      data-selected={String(isSelected)}
      data-start={call.berth_arrival}
      data-end={call.berth_departure}
      data-from={call.berth_start_position ?? ''}
      data-to={call.berth_end_position ?? ''}
      data-axis={isSwitched ? 'y' : 'x'}
      tabIndex={0}
      role="button"
      aria-pressed={isSelected}
      style={{
        left: rect.left,
        top: rect.top,
        width: Math.max(6, rect.width),
        height: Math.max(6, rect.height),
        // The planner's own colour class fills the card; the status keeps the border and the stripe.
        ['--card-bg' as string]: CARD_COLOUR_TINTS[call.card_colour] ?? `var(--mantine-color-${colour}-0)`,
        ['--card-border' as string]: `var(--mantine-color-${colour}-6)`,
      }}
    >
      <div className={classes.cardTitle}>
        {isFrozen && <IconLock size={11} aria-label={text('berthPlanner.card.frozen')} data-testid="planner-card-lock" />}
        {call.prise_status && priseColour && (
          <IconFileCertificate
            size={11}
            stroke={2.2}
            color={`var(--mantine-color-${priseColour}-8)`}
            role="img"
            aria-label={format('portcalls.prise.icon_label', { status: text(priseStatusKey(call.prise_status)) })}
            data-testid="planner-card-prise"
            data-prise-status={call.prise_status}
          >
            <title>{format('portcalls.prise.icon_label', { status: text(priseStatusKey(call.prise_status)) })}</title>
          </IconFileCertificate>
        )}
        {warnings.length > 0 && (
          <span className={classes.cardPlausibility} title={warningText} role="img" aria-label={`${format('berthPlanner.plausibility.marker', { count: warnings.length })}: ${warningText}`} data-testid="planner-card-plausibility" data-kinds={warnings.map((w) => w.kind).join(' ')}>
            !{warnings.length}
          </span>
        )}
        {deviation && (
          <span className={classes.cardPrediction} data-prediction-status={deviation.status} data-testid="planner-card-prediction">
            {format(`portcalls.predicted.badge_${deviation.status}`, { duration: ((d) => format(d.key, d.values))(durationText(deviation.difference, context.locale)) })}
          </span>
        )}
        {call.vessel_name}
        {/* The card is named by what it shows (vessel, times, fields) plus its status, never by a label that hides them. */}
        <span className="visually-hidden">{`, ${text(statusKey(call.status))}`}</span>
      </div>
      {(arrival || departure) && (
        <div className={classes.cardTimes}>
          {arrival && `${text('berthPlanner.card.arrival')}: ${text(timeLabelKey(arrival))}`}
          {arrival && departure && ' · '}
          {departure && `${text('berthPlanner.card.departure')}: ${text(timeLabelKey(departure))}`}
        </div>
      )}
      {lines.length > 0 && (
        <div className={classes.cardLines} data-fields={lines.map((l) => l.field).join(' ')}>
          {lines.map((l) => l.text).join('\n')}
        </div>
      )}
    </div>
  );
});
