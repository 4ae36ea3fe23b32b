import { type CSSVariablesResolver, createTheme, darken, luminance, type MantineColorsTuple } from '@mantine/core';
import { SPANISH_DEFAULTS } from './spanishDefaults.ts';

const faro: MantineColorsTuple = [
  '#e7f2fb',
  '#cfe1f3',
  '#9ec2e6',
  '#69a1da',
  '#3f85cf',
  '#2573c9',
  '#146ac7',
  '#0b5aaf',
  '#0b4f8a',
  '#003f7a',
];

export const theme = createTheme({
  primaryColor: 'faro',
  colors: { faro },
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // Keyboard focus always shows Mantine's ring (primary colour, 7.9:1 on white).
  focusRing: 'auto',
  components: {
    ...SPANISH_DEFAULTS,
    // A table wider than the screen scrolls by keyboard: its scroll area is focusable (axe scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/** WCAG contrast ratio of two colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` darkened in small steps until it reaches `min`:1 on `background` (unchanged when it already does). */
export function legible(color: string, background: string, min = 4.5): string {
  let c = color;
  for (let step = 1; contrastRatio(c, background) < min && step <= 20; step++) c = darken(color, step * 0.05);
  return c;
}

/**
 * Accessible colour tokens (WCAG 2.1 AA): text 4.5:1 on white, on the page's gray-0 and on gray-1 (striped
 * and hovered rows). Use them through Mantine's names: c="dimmed", the inputs' placeholder, description and error,
 * and `var(--faro-color-aviso)` behind white text.
 */
export const A11Y_COLORS = {
  dimmed: '#5f666d',
  placeholder: '#697077',
  error: '#c92a2a',
  aviso: '#c2410c',
} as const;

/**
 * Mantine's light scheme, made legible at the source so every screen inherits it: dimmed text, placeholders and
 * error texts above; per palette, the text of the light and subtle variants (badges, light buttons) reaches 4.5:1 on
 * the light background, and the filled shade (filled buttons and badges with white text, outline variants, c="red"
 * texts) 4.5:1 on white, and a palette's text colour (c="red") 4.5:1 on striped rows.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<`--${string}`, string> = {
    '--mantine-color-dimmed': A11Y_COLORS.dimmed,
    '--mantine-color-placeholder': A11Y_COLORS.placeholder,
    '--mantine-color-error': A11Y_COLORS.error,
    '--faro-color-aviso': A11Y_COLORS.aviso,
  };
  const shade = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.light;
  for (const [name, palette] of Object.entries(t.colors)) {
    if (name === 'dark') continue;
    const filled = legible(palette[shade]!, t.white);
    light[`--mantine-color-${name}-light-color`] = legible(palette[9]!, palette[1]!);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    light[`--mantine-color-${name}-outline`] = filled;
    // c="red" and the like: legible on the striped and hovered rows (gray-1) too, not only on white.
    light[`--mantine-color-${name}-text`] = legible(filled, t.colors.gray[1]!);
  }
  return { variables: {}, dark: {}, light };
};
