/*
 * The signed-in app's styles: Mantine's whole sheets, in the `mantine` cascade layers (the app's
 * own rules, sign-in-styles.ts, are outside any layer and win whatever the order the sheets come in).
 */
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/dropzone/styles.layer.css';
import 'mantine-datatable/styles.layer.css';
