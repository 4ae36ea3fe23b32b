import type { MantineThemeComponents } from '@mantine/core';

const CLOSE = { 'aria-label': 'Cerrar' };

/** The calendar header controls of every date input (Mantine leaves them unlabelled or in English). */
const CALENDAR = {
  ariaLabels: {
    monthLevelControl: 'Elegir mes',
    yearLevelControl: 'Elegir año',
    nextMonth: 'Mes siguiente',
    previousMonth: 'Mes anterior',
    nextYear: 'Año siguiente',
    previousYear: 'Año anterior',
    nextDecade: 'Década siguiente',
    previousDecade: 'Década anterior',
  },
};

const PAGE_CONTROLS: Record<string, string> = {
  first: 'Primera página',
  last: 'Última página',
  previous: 'Página anterior',
  next: 'Página siguiente',
};

/**
 * Spanish for every label the component libraries write by default: the show-password button
 * ("Toggle password visibility"), close buttons, calendar controls, page controls and combobox search. Plain
 * objects by component name, so the theme does not pull @mantine/dates into the first chunk.
 */
export const SPANISH_DEFAULTS = {
  PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostrar contraseña' } } },
  CloseButton: { defaultProps: CLOSE },
  Modal: { defaultProps: { closeButtonProps: CLOSE } },
  Drawer: { defaultProps: { closeButtonProps: CLOSE } },
  Notification: { defaultProps: { closeButtonProps: CLOSE } },
  Pagination: {
    defaultProps: { getControlProps: (control: string) => ({ 'aria-label': PAGE_CONTROLS[control] ?? control }) },
  },
  ComboboxSearch: { defaultProps: { placeholder: 'Buscar…' } },
  DateInput: { defaultProps: CALENDAR },
  DatePickerInput: { defaultProps: CALENDAR },
  DateTimePicker: { defaultProps: CALENDAR },
  DatePicker: { defaultProps: CALENDAR },
  Calendar: { defaultProps: CALENDAR },
} satisfies MantineThemeComponents;
