// Quayline's Mantine theme: deep navy for chrome, a harbour teal for actions; system fonts only.
import {
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';
import { blend, readablePalette, readableShade } from './contrast';

const navy: MantineColorsTuple = ['#eaf0f7', '#d3deec', '#a6bcd8', '#7698c3', '#4f7ab1', '#3767a6', '#295ca1', '#1c4c8d', '#13427e', '#0b2545'];
const harbor: MantineColorsTuple = ['#e2f7f8', '#c7ebee', '#93d6dc', '#5cc0c9', '#33adb8', '#1aa1ad', '#049aa7', '#007f8a', '#00717b', '#00616a'];

/**
 * The surfaces text is drawn on in the light scheme: cards (white), the page (global.css), Mantine's grey-1 table
 * heads and hovers and the grey-2 of closed shift columns, the darkest of them. A colour readable on all of them is
 * readable anywhere in the app.
 */
const SURFACES = ['#ffffff', '#f3f6fa', '#f1f3f5', '#e9ecef'] as const;
/** WCAG 2.1 AA's 4.5:1 for normal-size text, with a little room for anti-aliasing and rounding in the check. */
const MIN_TEXT_CONTRAST = 4.6;
/** How strongly Mantine tints a light variant's background (its `-light` and `-light-hover` alphas). */
const LIGHT_TINT_ALPHAS = [0.1, 0.12] as const;
/**
 * Every palette with text shades (7 to 9) that read at 4.6, 5.5 and 6.5:1 at least: Mantine's own orange-8, teal-8 or
 * red-7 reach only 3.5 to 4.4:1 on white, and screens write labels and warnings in them.
 */
const colors = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, navy, harbor })
    .filter(([name]) => name !== 'dark')
    .map(([name, shades]) => [name, readablePalette(shades, SURFACES, { minRatio: MIN_TEXT_CONTRAST, step: 0.9 })]),
) as Record<string, MantineColorsTuple>;

/**
 * Text of the light, subtle and transparent variants in a colour's readable shade: Mantine caps an explicit shade
 * (`color="red.8"`) at 6 for them, the shade that the palettes leave bright for tints and borders.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color, theme: input.theme });
  const isTextOnTint = input.variant === 'light' || input.variant === 'subtle' || input.variant === 'transparent';
  if (!isTextOnTint || !parsed.isThemeColor || parsed.shade === undefined) return colors;
  return { ...colors, color: `var(--mantine-color-${parsed.color}-light-color)` };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'harbor',
  primaryShade: { light: 7, dark: 5 },
  colors,
  fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: {
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontWeight: '650',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    InputWrapper: { styles: { label: { fontWeight: 550, color: 'var(--mantine-color-navy-9)', marginBottom: 4 } } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Button: { defaultProps: { size: 'md' } },
    // The focus placeholder is a bare focusable div inside role="menu", which a screen reader meets as a stray item;
    // without it the menu still takes focus on open (its dropdown is focusable and keyboard navigation starts there).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Mantine draws a titled toast's text in gray-6 (3.3:1 on white); the readable dimmed shade instead.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
    // A loader is a bare span: the name the screens give it ("Loading…") is an ARIA attribute a span without a role may
    // not carry (axe: aria-prohibited-attr), and a screen reader would not announce it either.
    Loader: { defaultProps: { role: 'status' } },
  },
});

/** The grey of helper text: Mantine's grey-6 reaches only about 3.3:1 on white, so it is darkened just enough. */
export const DIMMED_TEXT = readableShade(['#868e96'], SURFACES, { from: 0, minRatio: MIN_TEXT_CONTRAST });

/**
 * Mantine draws coloured text (`c="orange"`), light and subtle variants and outlines in each colour's primary shade
 * and white text on its filled shade; for orange, yellow, green, teal or cyan those reach 2 to 3:1. Each colour's
 * variables are pointed at the first of its shades that is readable where it is used (on the surfaces, on its own
 * light tint, or under white text), darkened beyond its darkest shade where none is. Hues stay, contrast follows.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED_TEXT,
    // Mantine's grey-5 placeholders (2:1) and red-6 field errors (3.3:1) are text people must read too.
    '--mantine-color-placeholder': DIMMED_TEXT,
  };
  const primary = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.light;
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'dark') continue;
    const base = shades[primary]!;
    const tints = SURFACES.flatMap((surface) => LIGHT_TINT_ALPHAS.map((alpha) => blend(base, alpha, surface)));
    const onSurface = readableShade(shades, SURFACES, { from: primary, minRatio: MIN_TEXT_CONTRAST });
    const onTint = readableShade(shades, tints, { from: primary, minRatio: MIN_TEXT_CONTRAST });
    const filled = readableShade(shades, ['#ffffff'], { from: primary, minRatio: MIN_TEXT_CONTRAST });
    light[`--mantine-color-${name}-text`] = onSurface;
    light[`--mantine-color-${name}-outline`] = onSurface;
    light[`--mantine-color-${name}-light-color`] = onTint;
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = blend(filled, 0.85, '#000000');
  }
  light['--mantine-color-error'] = light['--mantine-color-red-text']!;
  return { variables: {}, light, dark: {} };
};

/** The theme's defaults that need words: the label of every close button Mantine draws (popups, dialogs, drawers). */
export const closeLabelTheme = (closeLabel: string) => {
  const closeButtonProps = { 'aria-label': closeLabel };
  return createTheme({
    components: {
      Notification: { defaultProps: { closeButtonProps } },
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
    },
  });
};
