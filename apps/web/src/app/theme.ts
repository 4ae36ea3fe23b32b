import { createTheme, type MantineColorsTuple } from '@mantine/core';
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
  components: SPANISH_DEFAULTS,
});
