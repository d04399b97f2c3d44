// One call's work in one shift: the chosen card fields and, for a planner, a menu that moves, splits, copies or deletes
// it. Plain elements, no hooks: the board draws thousands; clicks, keys and drags are handled once on the table.
import { memo } from 'react';
import { Menu } from '@mantine/core';
import { IconArrowRight, IconCopy, IconScissors, IconTrash } from '@tabler/icons-react';
import { cardVolume, type TBoardPortcall } from '@quayline/domain';
import { cardLines, type TShiftCardField, type TTexts } from '../utils/board-texts';
import { LazyMenu } from './lazy-menu';
import classes from './shift-planner.module.css';

export type TCardAction = 'next' | 'split' | 'copy' | 'delete';
export type TShiftDetail = TBoardPortcall['portcall_shift_details'][number];

type TShiftCardProps = {
  card: TShiftDetail;
  index: number;
  portcallId: number;
  shiftKey: string;
  label: string;
  fields: readonly TShiftCardField[];
  texts: TTexts;
  canEdit: boolean;
  hasProblem: boolean;
  /** The plausibility warnings of this card's shift, one per line; empty when none. */
  plausibility: string;
  canMoveNext: boolean;
  canSplit: boolean;
  canCopy: boolean;
  isMenuOpen: boolean;
  onMenu: (key: string | null) => void;
  onAction: (portcallId: number, index: number, action: TCardAction) => void;
};

export const cardMenuKey = (portcallId: number, shiftKey: string) => `card:${portcallId}:${shiftKey}`;

export const ShiftCard = memo(function ShiftCard(p: TShiftCardProps) {
  const { t } = p.texts;
  const lines = cardLines(p.card, p.fields, p.texts);
  const act = (action: TCardAction) => () => p.onAction(p.portcallId, p.index, action);
  return (
    // The card holds two controls side by side, never one inside the other: its body opens the editor, the menu
    // button acts on it. The body is named by the fields it shows, then the call and shift it belongs to.
    <div
      className={classes.card}
      data-testid="shift-card"
      data-portcall-id={p.portcallId}
      data-shift-key={p.shiftKey}
      data-index={p.index}
      data-volume={cardVolume(p.card)}
      data-gangs={p.card.gangs}
      data-problem={String(p.hasProblem)}
      data-plausibility={String(p.plausibility !== '')}
      data-draft-portcall-id={p.card.draft_portcall_id ?? undefined}
      title={p.plausibility || undefined}
      data-editable={String(p.canEdit)}
      data-fields={lines.map((l) => l.field).join(' ')}
      draggable={p.canEdit}
    >
      <div className={classes.cardBody} role="button" tabIndex={0} data-card-open="true">
        {lines.length > 0 ? lines.map((l) => l.text).join('\n') : <span className={classes.cardEmpty}>{t('shiftPlanner.card.no_fields')}</span>}
        {p.plausibility && (
          <span className={classes.cardCheck} data-testid="shift-card-plausibility">
            {p.texts.t('shiftPlanner.card.plausibility')}
            <span className="visually-hidden">{`: ${p.plausibility}`}</span>
          </span>
        )}
        {p.card.draft_portcall_id !== null && (
          // The call has an unpublished move in the planner's own sandbox: the card moves with it on publish.
          <span className={classes.cardSandbox} data-testid="shift-card-sandbox" title={t('shiftPlanner.card.in_sandbox_hint')}>
            {t('shiftPlanner.card.in_sandbox')}
            <span className="visually-hidden">{`: ${t('shiftPlanner.card.in_sandbox_hint')}`}</span>
          </span>
        )}
        <span className="visually-hidden">{`, ${p.label}`}</span>
      </div>
      {p.canEdit && (
        <LazyMenu isOpen={p.isMenuOpen} onOpen={() => p.onMenu(cardMenuKey(p.portcallId, p.shiftKey))} onClose={() => p.onMenu(null)} label={t('shiftPlanner.card.menu', { label: p.label })} testId="shift-card-menu">
          <Menu.Item leftSection={<IconArrowRight size={14} />} disabled={!p.canMoveNext} onClick={act('next')} data-testid="shift-card-move-next">
            {t('shiftPlanner.card.move_next')}
          </Menu.Item>
          <Menu.Item leftSection={<IconScissors size={14} />} disabled={!p.canSplit} onClick={act('split')} data-testid="shift-card-split">
            {t('shiftPlanner.card.split')}
          </Menu.Item>
          <Menu.Item leftSection={<IconCopy size={14} />} disabled={!p.canCopy} onClick={act('copy')} data-testid="shift-card-copy">
            {t('shiftPlanner.card.copy')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red.8" leftSection={<IconTrash size={14} />} onClick={act('delete')} data-testid="shift-card-delete">
            {t('shiftPlanner.card.delete')}
          </Menu.Item>
        </LazyMenu>
      )}
    </div>
  );
});
