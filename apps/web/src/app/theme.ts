// Quayline's Mantine theme: deep navy for chrome, a harbour teal for actions; system fonts only.
import { createTheme, type MantineColorsTuple } from '@mantine/core';

const navy: MantineColorsTuple = ['#eaf0f7', '#d3deec', '#a6bcd8', '#7698c3', '#4f7ab1', '#3767a6', '#295ca1', '#1c4c8d', '#13427e', '#0b2545'];
const harbor: MantineColorsTuple = ['#e2f7f8', '#c7ebee', '#93d6dc', '#5cc0c9', '#33adb8', '#1aa1ad', '#049aa7', '#007f8a', '#00717b', '#00616a'];

export const theme = createTheme({
  primaryColor: 'harbor',
  primaryShade: { light: 7, dark: 5 },
  colors: { navy, harbor },
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
  },
});
