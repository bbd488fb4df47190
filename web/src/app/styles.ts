/*
 * The signed-in app's styles: the sheets of the Mantine components its screens use (and those
 * the components of @mantine/dates, mantine-datatable, notifications and dropzone use) that the
 * entry has not brought already (sign-in-styles.ts), in the order of Mantine's own styles.css,
 * then the other Mantine packages' sheets. A component newly used needs its sheet here (Mantine's
 * docs, "CSS files list", name the sheets a component needs). All are in Mantine's cascade layers.
 */
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Breadcrumbs.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/LoadingOverlay.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/dropzone/styles.layer.css';
import 'mantine-datatable/styles.layer.css';
