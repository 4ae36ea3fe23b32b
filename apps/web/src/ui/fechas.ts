import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import 'dayjs/locale/es';

// Mantine's DateInput parses what the user types with dayjs(text, valueFormat): without this plugin dayjs ignores
// the format and reads "05/11/2026" the US way (11 May) and rejects "13/11/2026". Imported by ui/dates.ts.
dayjs.extend(customParseFormat);
