// A calendar day, typed in the language's format or picked from a calendar. Value contract of <input type="date">:
// 'YYYY-MM-DD', '' for none, so forms and their validation stay as they were.
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, parseTypedDay } from '@/lib/date-formats';
import { useDateLocale } from './use-date-locale';

export type TDateFieldProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  value: string;
  onChange: (value: string) => void;
};

export function DateField({ value, onChange, clearable, popoverProps, ...rest }: TDateFieldProps) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  return (
    <DateInput
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={DATE_FORMATS[locale]}
      dateParser={parseTypedDay}
      placeholder={t('common.date_inputs.date_placeholder')}
      clearable={clearable}
      clearButtonProps={{ 'aria-label': t('common.date_inputs.clear') }}
      // Clicking the chosen day again must not empty a required field; clearing is the clear button's job.
      allowDeselect={false}
      leftSection={<IconCalendar size={16} stroke={1.6} />}
      popoverProps={{ ...DROPDOWN_POPOVER, ...popoverProps }}
      {...rest}
    />
  );
}

/** On a phone the calendar must flip or shift rather than run off the screen's edge. */
export const DROPDOWN_POPOVER = { position: 'bottom-start', middlewares: { flip: true, shift: true }, withinPortal: true } as const;
