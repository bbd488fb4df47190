import { createTheme, Menu, Modal, Portal, Tooltip } from '@mantine/core';
import { baseTheme } from './theme-base';

/** The landmark (app/providers.tsx) that portals open menus, select lists and dialogs into. */
export const OVERLAYS_ID = 'overlays';

export const theme = createTheme({
  ...baseTheme,
  components: {
    Modal: Modal.extend({
      // A modal's title bar is a <header>, which assistive technology (and axe) takes for a second
      // page banner beside the app's own; inside a dialog it is only its title row.
      defaultProps: { attributes: { header: { role: 'none' } } },
    }),
    Portal: Portal.extend({
      // Into a labelled section rather than a bare node at the end of the body: an open menu or
      // select list is then content inside a landmark (axe 'region').
      defaultProps: { target: `#${OVERLAYS_ID}` },
    }),
    Menu: Menu.extend({
      // Mantine's focus placeholder is a focusable non-item inside role="menu" (axe
      // 'aria-required-children'); the dropdown itself takes the focus and arrows reach the items.
      defaultProps: { withInitialFocusPlaceholder: false },
    }),
    Tooltip: Tooltip.extend({
      // Beside the control it names, inside the page's landmarks (axe 'region'), rather than in a
      // portal at the end of the body; a fixed position keeps it out of scroll containers' clip.
      defaultProps: { withinPortal: false, floatingStrategy: 'fixed' },
    }),
  },
});
