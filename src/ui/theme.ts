import { createTheme, em, type CSSVariablesResolver } from '@mantine/core';
import { BREAKPOINTS } from '../state/model';

export const theme = createTheme({
  primaryColor: 'violet',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  // Dialogs, menus and toasts do not slide or fade for someone who asked the system for less motion.
  respectReducedMotion: true,
  // The spec's breakpoints: xs 480, sm 640, md 768, lg 1024, xl 1280, 2xl 1536 px.
  breakpoints: Object.fromEntries(Object.entries(BREAKPOINTS).map(([k, px]) => [k, em(px)])),
  // Close buttons are icons: screen readers need their name. Set by name here, so the landing page
  // does not load these components.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

/**
 * Secondary ("dimmed") text dark enough to read: Mantine's own (gray 6 on white, 3.3:1; dark 2 on
 * the dark surfaces, 3.5–4.3:1) is below WCAG AA's 4.5:1 for body text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
