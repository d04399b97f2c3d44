// WCAG 2.1 contrast arithmetic for the theme: which shade of a colour is dark enough to be read on a given surface.
// Used once, when the theme's CSS variables are built, so every badge, helper text and coloured label of the app
// reaches the 4.5:1 that WCAG 2.1 AA asks of normal-size text.

type TRgb = [number, number, number];

function parseHex(hex: string): TRgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.split('').map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as TRgb;
}

function toHex([r, g, b]: TRgb): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG's relative luminance of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as TRgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The opaque colour a translucent `color` at `alpha` shows over `surface` (how a light badge's tint is seen). */
export function blend(color: string, alpha: number, surface: string): string {
  const c = parseHex(color);
  const s = parseHex(surface);
  return toHex(c.map((v, i) => v * alpha + s[i]! * (1 - alpha)) as TRgb);
}

/** The colour moved towards black by `amount` (0..1) of its channels. */
function darken(hex: string, amount: number): string {
  return toHex(parseHex(hex).map((c) => c * (1 - amount)) as TRgb);
}

/**
 * The first shade from `from` on (darker shades have higher indexes) that reaches `minRatio` against every one of
 * `backgrounds`; where even the darkest shade does not, the darkest shade darkened just enough. A colour keeps its
 * hue, only as much darker as reading it needs.
 */
export function readableShade(shades: readonly string[], backgrounds: readonly string[], options: { from: number; minRatio: number }): string {
  const passes = (hex: string) => backgrounds.every((bg) => contrastRatio(hex, bg) >= options.minRatio);
  for (let i = options.from; i < shades.length; i++) if (passes(shades[i]!)) return shades[i]!;
  const darkest = shades[shades.length - 1]!;
  for (let step = 1; step <= 100; step++) {
    const candidate = darken(darkest, step / 100);
    if (passes(candidate)) return candidate;
  }
  return '#000000';
}

/**
 * A palette whose text shades are readable: shades 7, 8 and 9 (the ones code writes text in, `c="red.8"`) reach at
 * least `minRatio`, `minRatio + step` and `minRatio + 2 * step` on every surface, each darkened only as far as that
 * needs, so they stay in order and keep their hue. Shades 0 to 6 (tints, borders, fills) are left alone.
 */
export function readablePalette<T extends readonly string[]>(shades: T, backgrounds: readonly string[], options: { minRatio: number; step: number }): T {
  const out = [...shades];
  for (let i = 7; i < out.length; i++) {
    const minRatio = options.minRatio + (i - 7) * options.step;
    let colour = out[i]!;
    for (let step = 1; step <= 100 && !backgrounds.every((bg) => contrastRatio(colour, bg) >= minRatio); step++) colour = darken(out[i]!, step / 100);
    out[i] = colour;
  }
  return out as unknown as T;
}
