import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  // The spec's breakpoints: xs 480, sm 640, md 768, lg 1024, xl 1280 px.
  breakpoints: { xs: '30em', sm: '40em', md: '48em', lg: '64em', xl: '80em' },
});
