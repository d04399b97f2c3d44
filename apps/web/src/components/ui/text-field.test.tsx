import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { TextField } from './text-field';

describe('TextField', () => {
  it('caps input at 255 characters, blurs a number field on wheel and calls onEnter', () => {
    const onEnter = vi.fn();
    render(
      <MantineProvider>
        <TextField label="n" type="number" value={0} onChange={() => {}} onEnter={onEnter} data-testid="field" />
      </MantineProvider>,
    );
    const input = screen.getByTestId('field') as HTMLInputElement;
    expect(input.maxLength).toBe(255);
    expect(input.value).toBe('0');
    input.focus();
    expect(document.activeElement).toBe(input);
    fireEvent.wheel(input);
    expect(document.activeElement).not.toBe(input);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onEnter).toHaveBeenCalledOnce();
  });
});
