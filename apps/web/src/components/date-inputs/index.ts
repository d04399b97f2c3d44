// Date and time inputs in the spec's formats per language, replacing the browser's native date pickers.
export { AppDatesProvider } from './app-dates-provider';
export { DateField, type TDateFieldProps } from './date-field';
export { DateTimeField, type TDateTimeFieldProps } from './date-time-field';
export { TimeField, type TTimeFieldProps } from './time-field';
