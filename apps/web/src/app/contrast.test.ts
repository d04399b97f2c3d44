import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { blend, contrastRatio, readableShade } from './contrast';
import { DIMMED_TEXT, cssVariablesResolver, theme } from './theme';

describe('contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(blend('#000000', 0.5, '#ffffff')).toBe('#808080');
  });

  it('picks the first shade that is readable, and darkens past the last where none is', () => {
    expect(readableShade(['#eeeeee', '#777777', '#333333'], ['#ffffff'], { from: 0, minRatio: 4.5 })).toBe('#333333');
    const darkened = readableShade(['#ffd43b'], ['#ffffff'], { from: 0, minRatio: 4.5 });
    expect(contrastRatio(darkened, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(darkened, '#ffffff')).toBeLessThan(5);
  });
});

describe('the theme', () => {
  const light = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme)).light;
  const surfaces = ['#ffffff', '#f3f6fa', '#f1f3f5', '#e9ecef'];

  it('draws helper text at 4.5:1 or more on every surface', () => {
    for (const surface of surfaces) expect(contrastRatio(DIMMED_TEXT, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives every colour a text, light-variant and filled shade that reach 4.5:1 where they are drawn', () => {
    const colours = Object.keys(mergeMantineTheme(DEFAULT_THEME, theme).colors).filter((c) => c !== 'dark');
    expect(colours).toEqual(expect.arrayContaining(['orange', 'yellow', 'green', 'teal', 'harbor', 'navy']));
    for (const colour of colours) {
      for (const surface of surfaces) expect(contrastRatio(light[`--mantine-color-${colour}-text`]!, surface), `${colour} text`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(light[`--mantine-color-${colour}-filled`]!, '#ffffff'), `${colour} filled`).toBeGreaterThanOrEqual(4.5);
      expect(light[`--mantine-color-${colour}-light-color`], `${colour} light`).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});

describe('the palettes', () => {
  const palettes = mergeMantineTheme(DEFAULT_THEME, theme).colors;
  it('write text in shades 7 to 9 at 4.5:1 or more, darker as the shade goes up, and leave shades 0 to 6 as Mantine has them', () => {
    for (const [name, shades] of Object.entries(palettes)) {
      if (name === 'dark') continue;
      for (const i of [7, 8, 9]) expect(contrastRatio(shades[i]!, '#e9ecef'), `${name}.${i}`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(shades[9]!, '#ffffff'), name).toBeGreaterThan(contrastRatio(shades[7]!, '#ffffff'));
      if (name in DEFAULT_THEME.colors) expect(shades.slice(0, 7)).toEqual(DEFAULT_THEME.colors[name]!.slice(0, 7));
    }
  });
});
