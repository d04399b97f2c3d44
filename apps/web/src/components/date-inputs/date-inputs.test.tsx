import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { AppProvider } from '@/app/provider';
import { createI18n } from '@/lib/i18n';
import type { TLocale } from '@quayline/domain';
import en from '../../../../server/src/modules/translations/locales/en.json';
import de from '../../../../server/src/modules/translations/locales/de.json';
import { DateField } from './date-field';
import { DateTimeField, withPickedDay } from './date-time-field';
import { TimeField } from './time-field';

const BUNDLES = { en, de } as const;

function Harness({ kind, initial, onChange, clearable }: { kind: 'date' | 'datetime' | 'time'; initial: string; onChange: (v: string) => void; clearable?: boolean }) {
  const [value, setValue] = useState(initial);
  const change = (v: string) => {
    setValue(v);
    onChange(v);
  };
  if (kind === 'date') return <DateField label="Day" value={value} onChange={change} clearable={clearable} />;
  if (kind === 'datetime') return <DateTimeField label="Arrival" value={value} onChange={change} clearable={clearable} />;
  return <TimeField label="Time" value={value} onChange={change} />;
}

function renderField(kind: 'date' | 'datetime' | 'time', initial: string, locale: 'en' | 'de' = 'en', clearable?: boolean) {
  const onChange = vi.fn<(v: string) => void>();
  const i18n = createI18n({ locale: locale satisfies TLocale, translation: BUNDLES[locale] });
  render(
    <AppProvider i18n={i18n} env="test">
      <Harness kind={kind} initial={initial} onChange={onChange} clearable={clearable} />
    </AppProvider>,
  );
  return onChange;
}

describe('DateTimeField', () => {
  it('shows the wall-clock value in the language format', () => {
    renderField('datetime', '2026-11-24T08:05', 'de');
    expect(screen.getByLabelText('Arrival')).toHaveProperty('value', '24.11.2026 08:05');
  });

  it('takes a typed value and reports it in the datetime-local contract', () => {
    const onChange = renderField('datetime', '');
    const input = screen.getByLabelText('Arrival');
    fireEvent.change(input, { target: { value: '24-11-2026 0' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '24-11-2026 08:30' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T08:30');
    fireEvent.blur(input);
    expect(input).toHaveProperty('value', '24-11-2026 08:30');
  });

  it('keeps the time when another day is picked in the calendar', () => {
    const onChange = renderField('datetime', '2026-11-24T08:30');
    fireEvent.click(screen.getByLabelText('Arrival'));
    fireEvent.click(screen.getByRole('button', { name: '26 November 2026' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-26T08:30');
    expect(screen.getByLabelText('Arrival')).toHaveProperty('value', '26-11-2026 08:30');
  });

  it('starts a picked day at 00:00 when the field was empty', () => {
    expect(withPickedDay('2026-11-25', '')).toBe('2026-11-25T00:00');
    expect(withPickedDay('2026-11-25', '2026-11-24T09:15')).toBe('2026-11-25T09:15');
  });

  it('clears an optional field from the clear button', () => {
    const onChange = renderField('datetime', '2026-11-24T08:30', 'en', true);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByLabelText('Arrival')).toHaveProperty('value', '');
  });
});

describe('DateField', () => {
  it('types and shows days in the language format', () => {
    const onChange = renderField('date', '2026-11-24', 'de', true);
    const input = screen.getByLabelText('Day');
    expect(input).toHaveProperty('value', '24.11.2026');
    fireEvent.change(input, { target: { value: '01.12.2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-01');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('refuses an impossible day and restores the last good one on blur', () => {
    const onChange = renderField('date', '2026-02-10');
    const input = screen.getByLabelText('Day');
    fireEvent.change(input, { target: { value: '31-02-2026' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(input).toHaveProperty('value', '10-02-2026');
  });
});

describe('TimeField', () => {
  it('shows and edits HH:mm on the 24-hour clock', () => {
    const onChange = renderField('time', '07:30');
    const hours = screen.getByLabelText('Time');
    expect(hours).toHaveProperty('value', '07');
    fireEvent.change(hours, { target: { value: '18' } });
    expect(onChange).toHaveBeenLastCalledWith('18:30');
  });

  it('calls onEnter from the minutes box, as the settings form saves on Enter', () => {
    const onEnter = vi.fn();
    const i18n = createI18n({ locale: 'en', translation: en });
    render(
      <AppProvider i18n={i18n} env="test">
        <TimeField label="Time" value="07:30" onChange={() => {}} onEnter={onEnter} />
      </AppProvider>,
    );
    fireEvent.keyDown(screen.getByLabelText('Minute'), { key: 'Enter' });
    expect(onEnter).toHaveBeenCalledTimes(1);
  });
});
