// A time of day on the 24-hour clock (hours and minutes boxes, typed or stepped with the arrow keys). Value contract of
// <input type="time">: 'HH:mm', '' for none or while half typed.
import type { KeyboardEvent } from 'react';
import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type TTimeFieldProps = Omit<TimePickerProps, 'value' | 'defaultValue' | 'onChange' | 'format' | 'withSeconds'> & {
  value: string;
  onChange: (value: string) => void;
  /** Enter in the hours or minutes box, like TextField's onEnter (the settings form saves on it). */
  onEnter?: () => void;
};

export function TimeField({ value, onChange, onEnter, ...rest }: TTimeFieldProps) {
  const { t } = useTranslation();
  const enterProps = onEnter
    ? {
        onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') onEnter();
        },
      }
    : undefined;
  return (
    <TimePicker
      // 24 hours in every language, as the spec's HH:mm; the label stays on the hours box so getByLabel finds it.
      format="24h"
      withDropdown
      popoverProps={{ middlewares: { flip: true, shift: true } }}
      value={value}
      onChange={(next) => onChange(next.slice(0, 5))}
      minutesInputLabel={t('common.date_inputs.minutes')}
      clearButtonProps={{ 'aria-label': t('common.date_inputs.clear') }}
      leftSection={<IconClock size={16} stroke={1.6} />}
      hoursInputProps={enterProps}
      minutesInputProps={enterProps}
      {...rest}
    />
  );
}
