// A wall-clock date and time, typed as e.g. 24-11-2026 08:00 (24.11.2026 08:00 in German) or its day picked from a
// calendar. Value contract of <input type="datetime-local">: 'YYYY-MM-DDTHH:mm', '' for none. The field knows no time
// zone: callers convert between the terminal's zone and UTC with zoned-time.ts exactly as they did for the native input.
// Mantine's DateInput keeps days only and its DateTimePicker cannot be typed into, so this joins a text input to
// @mantine/dates' DatePicker the way DateInput does (focus stays in the text, the calendar is mouse-only).
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { CloseButton, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useClickOutside } from '@mantine/hooks';
import { IconCalendarTime } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatWallClock, parseTypedDateTime } from '@/lib/date-formats';
import { DROPDOWN_POPOVER } from './date-field';
import { useDateLocale } from './use-date-locale';

export type TDateTimeFieldProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
  /** Optional fields: an empty text or the clear button reports ''. */
  clearable?: boolean;
};

/** A day picked in the calendar keeps the time already in the field (00:00 when empty), so the hour never moves silently. */
export function withPickedDay(day: string, previous: string): string {
  const previousTime = /T(\d{2}:\d{2})$/.exec(previous)?.[1] ?? '00:00';
  return `${day}T${previousTime}`;
}

export function DateTimeField({ value, onChange, clearable = false, onBlur, onFocus, onKeyDown, rightSection, disabled, readOnly, ...rest }: TDateTimeFieldProps) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const [text, setText] = useState(() => formatWallClock(value, locale));
  const [opened, setOpened] = useState(false);
  const day = value.slice(0, 10) || null;
  // The month the calendar shows: the value's, following it as it is typed, and free to browse from there.
  const [shownMonth, setShownMonth] = useState<string | undefined>(day ?? undefined);
  useEffect(() => {
    if (day) setShownMonth(day);
  }, [day]);
  const inputRef = useRef<HTMLInputElement>(null);
  const dropdownRef = useRef<HTMLDivElement>(null);
  useClickOutside(() => setOpened(false), null, [inputRef.current, dropdownRef.current]);

  // A new value from outside (reset, picked day, language switch) rewrites the text, but a typed text that already
  // means this value is left alone, so '8:30' is not rewritten to '08:30' under the cursor.
  useEffect(() => {
    setText((current) => (parseTypedDateTime(current) === value ? current : formatWallClock(value, locale)));
  }, [value, locale]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.currentTarget.value;
    setText(next);
    setOpened(true);
    const parsed = parseTypedDateTime(next);
    if (parsed) onChange(parsed);
    else if (clearable && next.trim() === '') onChange('');
  };
  // A half-typed or impossible text falls back to the last good value, as DateInput does.
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    onBlur?.(event);
    setOpened(false);
    setText(formatWallClock(value, locale));
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') setOpened(false);
    onKeyDown?.(event);
  };
  const clearButton =
    clearable && value !== '' && !disabled && !readOnly ? (
      <CloseButton size="sm" aria-label={t('common.date_inputs.clear')} onMouseDown={(event) => event.preventDefault()} onClick={() => onChange('')} />
    ) : null;

  return (
    <Popover opened={opened && !disabled && !readOnly} trapFocus={false} withRoles={false} {...DROPDOWN_POPOVER}>
      <Popover.Target>
        <TextInput
          {...rest}
          ref={inputRef}
          autoComplete="off"
          value={text}
          placeholder={t('common.date_inputs.date_time_placeholder')}
          onChange={handleChange}
          onBlur={handleBlur}
          onFocus={(event) => {
            onFocus?.(event);
            setOpened(true);
          }}
          onClick={() => setOpened(true)}
          onKeyDown={handleKeyDown}
          disabled={disabled}
          readOnly={readOnly}
          leftSection={<IconCalendarTime size={16} stroke={1.6} />}
          rightSection={clearButton ?? rightSection}
        />
      </Popover.Target>
      {/* Mouse-down in the calendar must not blur the text, or the blur would close the dropdown before the click lands. */}
      <Popover.Dropdown ref={dropdownRef} onMouseDown={(event) => event.preventDefault()}>
        <DatePicker
          value={day}
          date={shownMonth}
          onDateChange={setShownMonth}
          onChange={(picked) => {
            if (picked) onChange(withPickedDay(picked, value));
            setOpened(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
