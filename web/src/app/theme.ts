import { createTheme, Modal, Tooltip } from '@mantine/core';
import { baseTheme } from './theme-base';

export const theme = createTheme({
  ...baseTheme,
  components: {
    Modal: Modal.extend({
      // A modal's title bar is a <header>, which assistive technology (and axe) takes for a second
      // page banner beside the app's own; inside a dialog it is only its title row.
      defaultProps: { attributes: { header: { role: 'none' } } },
    }),
    Tooltip: Tooltip.extend({
      // Beside the control it names, inside the page's landmarks (axe 'region'), rather than in a
      // portal at the end of the body; a fixed position keeps it out of scroll containers' clip.
      defaultProps: { withinPortal: false, floatingStrategy: 'fixed' },
    }),
  },
});
