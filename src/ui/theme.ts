import { createTheme, em } from '@mantine/core';
import { BREAKPOINTS } from '../state/model';

export const theme = createTheme({
  primaryColor: 'violet',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  // The spec's breakpoints: xs 480, sm 640, md 768, lg 1024, xl 1280, 2xl 1536 px.
  breakpoints: Object.fromEntries(Object.entries(BREAKPOINTS).map(([k, px]) => [k, em(px)])),
  // Close buttons are icons: screen readers need their name. Set by name here, so the landing page
  // does not load these components.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});
