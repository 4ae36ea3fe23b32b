// Mantine's date inputs, with dayjs set up for them (ui/fechas.ts: the day-first parsing plugin). Import them from
// here, never from '@mantine/dates' directly: dayjs then travels with the screens that show a date, not in the
// first load.
import './fechas.ts';

export { DateInput, DatesProvider, DateTimePicker } from '@mantine/dates';
