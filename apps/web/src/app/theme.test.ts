import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { A11Y_COLORS, contrastRatio, cssVariablesResolver, legible, theme } from './theme.ts';

/** the theme's colours meet WCAG 2.1 AA (4.5:1 for text) at the source. */
const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const vars = cssVariablesResolver(merged).light as Record<string, string>;
const { gray } = merged.colors;

describe('accessible theme colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // Mantine's default dimmed text (gray-6) on white: the 3.32:1 axe reported.
    expect(contrastRatio(gray[6], '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio(legible(gray[6], '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(legible('#000000', '#ffffff')).toBe('#000000');
  });

  it('dimmed, placeholder and error texts reach 4.5:1 on white, the page (gray-0) and striped rows (gray-1)', () => {
    for (const token of ['--mantine-color-dimmed', '--mantine-color-placeholder', '--mantine-color-error']) {
      for (const bg of ['#ffffff', gray[0], gray[1]]) {
        expect(contrastRatio(vars[token]!, bg), `${token} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(contrastRatio('#ffffff', vars['--faro-color-aviso']!)).toBeGreaterThanOrEqual(4.5);
    expect(vars['--faro-color-aviso']).toBe(A11Y_COLORS.aviso);
  });

  it('every palette: light/subtle text on its light background and white on its filled shade reach 4.5:1', () => {
    const palettes = Object.entries(merged.colors).filter(([name]) => name !== 'dark');
    expect(palettes.map(([name]) => name)).toEqual(
      expect.arrayContaining(['faro', 'green', 'yellow', 'orange', 'red']),
    );
    for (const [name, palette] of palettes) {
      const lightColor = vars[`--mantine-color-${name}-light-color`]!;
      const filled = vars[`--mantine-color-${name}-filled`]!;
      expect(contrastRatio(lightColor, palette[1]), `${name} light`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio('#ffffff', filled), `${name} filled`).toBeGreaterThanOrEqual(4.5);
      expect(vars[`--mantine-color-${name}-outline`]).toBe(filled);
      // c="red" texts sit on white, the page and striped rows alike.
      for (const bg of ['#ffffff', gray[0], gray[1]]) {
        expect(
          contrastRatio(vars[`--mantine-color-${name}-text`]!, bg),
          `${name} text on ${bg}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
    // Colours that already passed stay as they were (Faro's primary shade).
    expect(vars['--mantine-color-faro-filled']).toBe(merged.colors.faro?.[8]);
  });
});
