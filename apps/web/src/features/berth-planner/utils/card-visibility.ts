// Virtualisation: only cards whose rectangle meets the scroll viewport plus a margin are mounted.
import type { TScreenRect } from './planner-scale';

export type TViewportBox = { left: number; top: number; right: number; bottom: number };

/** The viewport box rounded outwards to a coarse grid, so scrolling re-renders only when a new block comes in. */
export function quantiseViewport(box: TViewportBox, margin: number, block = 200): TViewportBox {
  return {
    left: Math.floor((box.left - margin) / block) * block,
    top: Math.floor((box.top - margin) / block) * block,
    right: Math.ceil((box.right + margin) / block) * block,
    bottom: Math.ceil((box.bottom + margin) / block) * block,
  };
}

export const intersects = (r: TScreenRect, box: TViewportBox): boolean => r.left < box.right && r.left + r.width > box.left && r.top < box.bottom && r.top + r.height > box.top;
