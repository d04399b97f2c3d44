import { describe, expect, it } from 'vitest';
import { isOnResizeHandle, RESIZE_HANDLE_PX } from './use-card-drag';

const card = { left: 100, top: 50, right: 300, bottom: 110, width: 200, height: 60 };

describe('the resize strip of a card', () => {
  it('is the last pixels along the time axis: the right edge, or the bottom edge with the axes switched', () => {
    expect(isOnResizeHandle(card, { x: 300 - RESIZE_HANDLE_PX + 1, y: 60 }, false)).toBe(true);
    expect(isOnResizeHandle(card, { x: 300 - RESIZE_HANDLE_PX - 1, y: 60 }, false)).toBe(false);
    expect(isOnResizeHandle(card, { x: 120, y: 105 }, true)).toBe(true);
    expect(isOnResizeHandle(card, { x: 299, y: 60 }, true)).toBe(false);
  });

  it('leaves most of a narrow card for moving it', () => {
    const narrow = { ...card, right: 112, width: 12 };
    expect(isOnResizeHandle(narrow, { x: 105, y: 60 }, false)).toBe(false);
    expect(isOnResizeHandle(narrow, { x: 110, y: 60 }, false)).toBe(true);
  });
});
