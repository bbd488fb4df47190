import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSession, stubApi } from '../../test/render-app';
import { SESSION_QUERY_KEY, sessionToken } from '../session';
import { useFormDraft } from './use-form-draft';

type Values = { text: string; files: string[] };

function Form({ onSaved }: { onSaved?: () => void }) {
  const form = useForm<Values>({ defaultValues: { text: 'saved text', files: [] } });
  const draft = useFormDraft(form, 'comment:test', { fields: ['text'] });
  return (
    <form
      onSubmit={form.handleSubmit(() => {
        draft.clear();
        form.reset(form.getValues());
        onSaved?.();
      })}
    >
      {draft.restoredAt && <p>restored</p>}
      <textarea aria-label="Message" {...form.register('text')} />
      <button type="button" onClick={draft.discard}>
        Discard
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

function renderAs(userId: number, children: ReactNode) {
  const session = makeSession({ user_id: userId, session_code: 'code-1' });
  stubApi({ '/auth/get_session': () => ({ body: session }) });
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  sessionToken.set('code-1');
  return render(<QueryClientProvider client={queryClient}>{children}</QueryClientProvider>);
}

const stored = () => Object.keys(window.sessionStorage).filter((key) => key.startsWith('draft:'));

afterEach(() => window.sessionStorage.clear());

describe('form drafts', () => {
  it('keeps what is typed across a new mount of the form, until discarded', async () => {
    const user = userEvent.setup();
    const first = renderAs(3, <Form />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), ' and more');
    await waitFor(() => expect(stored()).toEqual(['draft:3:comment:test']));
    first.unmount();

    renderAs(3, <Form />);
    expect(await screen.findByText('restored')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'saved text and more');

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'saved text');
    expect(screen.queryByText('restored')).toBeNull();
    await waitFor(() => expect(stored()).toEqual([]));
  });

  it("forgets the draft once saved, and never shows one user's draft to another", async () => {
    const user = userEvent.setup();
    const first = renderAs(3, <Form />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '!');
    await waitFor(() => expect(stored()).toHaveLength(1));
    first.unmount();

    const other = renderAs(4, <Form />);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'saved text');
    expect(screen.queryByText('restored')).toBeNull();
    other.unmount();

    renderAs(3, <Form />);
    expect(await screen.findByText('restored')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(stored()).toEqual([]));
  });
});
