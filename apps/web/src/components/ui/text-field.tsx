// Text input with the spec's input behaviour: max length 255, Enter handler, wheel over a number field blurs it, 0 shown as '0'.
import { forwardRef, useState, type KeyboardEvent, type WheelEvent } from 'react';
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { TEXT_INPUT_MAX_LENGTH } from '@quayline/domain';

type TTextFieldProps = Omit<TextInputProps, 'value'> & { value?: string | number; onEnter?: () => void };

export const TextField = forwardRef<HTMLInputElement, TTextFieldProps>(function TextField(
  { onEnter, onKeyDown, onWheel, maxLength = TEXT_INPUT_MAX_LENGTH, value, type, ...rest },
  ref,
) {
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.key === 'Enter' && onEnter && !event.defaultPrevented) onEnter();
  };
  // A wheel over a focused number field would silently change the value; blur it instead.
  const handleWheel = (event: WheelEvent<HTMLInputElement>) => {
    onWheel?.(event);
    if (type === 'number') event.currentTarget.blur();
  };
  return (
    <TextInput
      ref={ref}
      type={type}
      step={type === 'number' ? 1 : undefined}
      maxLength={maxLength}
      value={value === undefined ? undefined : String(value)}
      onKeyDown={handleKeyDown}
      onWheel={handleWheel}
      {...rest}
    />
  );
});

type TPasswordFieldProps = Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'> & { showLabel: string; hideLabel: string; toggleTestId?: string };

/** Password input with its own show/hide state so the toggle can say what it will do. */
export const PasswordField = forwardRef<HTMLInputElement, TPasswordFieldProps>(function PasswordField(
  { showLabel, hideLabel, toggleTestId, maxLength = TEXT_INPUT_MAX_LENGTH, error, ...rest },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      ref={ref}
      maxLength={maxLength}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': visible ? hideLabel : showLabel, 'data-testid': toggleTestId } as Record<string, string | undefined>}
      error={error}
      // PasswordInput leaves aria-invalid off its inner input; screen readers need it.
      aria-invalid={!!error}
      {...rest}
    />
  );
});
