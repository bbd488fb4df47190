import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notifyError, notifySuccess } from './notify';

describe('toasts', () => {
  it('take the errors away when a success follows them', async () => {
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
    act(() => notifyError('Input form has errors. Please fix them before save!'));
    expect(await screen.findByText('Input form has errors. Please fix them before save!')).toBeTruthy();
    act(() => notifySuccess('Order created'));
    expect(await screen.findByText('Order created')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByText('Input form has errors. Please fix them before save!')).toBeNull(),
    );
  });
});
