import { BREAKPOINTS } from '@leadcircle/shared';
import { createTheme } from '@mui/material/styles';

// System fonts only: the Content-Security-Policy allows no external hosts (no web-font services).
const systemFontStack = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

export const theme = createTheme({
  breakpoints: { values: { ...BREAKPOINTS } },
  palette: {
    primary: { main: '#1f4fa3' },
    secondary: { main: '#00897b' },
    background: { default: '#f4f6fa' },
  },
  typography: {
    fontFamily: systemFontStack,
    // Labels are shown as the spec writes them ('Create my account', 'REST PASSWORD', 'CREATE GROUP').
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  components: {
    // No server rendering: a media query is right from the first render (the shell's sidebar and the
    // phone-width columns do not change after it, which moved the page under the reader).
    MuiUseMediaQuery: { defaultProps: { noSsr: true } },
    // The keyboard's focus shows as a ring, in the control's own colour, on every button, icon button, menu
    // link, tab, menu item and switch (MUI's own sign is a faint ripple). Inside the control: never cut off.
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: -2 } } },
    },
  },
});
