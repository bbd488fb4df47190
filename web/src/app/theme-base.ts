import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * The theme without components' own defaults: all the sign-in page needs. Kept apart from theme.ts,
 * whose component defaults import those components (Modal, Tooltip) and would bring them along.
 */
export const baseTheme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white button text and blue links above the WCAG AA contrast of 4.5:1.
  primaryShade: 8,
  defaultRadius: 'sm',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  headings: { fontWeight: '600' },
  // People who ask their system for less motion get no transitions (menus, modals, toasts).
  respectReducedMotion: true,
});

/** Colors of light badges and buttons (order progress, alerts): text in shade 9 on their tint. */
const LIGHT_VARIANT_COLORS = ['blue', 'gray', 'green', 'grape', 'indigo', 'red'] as const;

/** Mantine's default dimmed grey and error red are below AA contrast on white and on gray-0. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6770',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Light variants (active menu entry, light buttons and badges) stay readable on their hover tint.
    ...Object.fromEntries(
      LIGHT_VARIANT_COLORS.map((color) => [
        `--mantine-color-${color}-light-color`,
        `var(--mantine-color-${color}-9)`,
      ]),
    ),
    // Teal 9 is just below 4.5:1 on its own tint: a shade darker.
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
  },
  dark: {},
});
