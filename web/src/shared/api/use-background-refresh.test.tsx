import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_REFRESH_MS } from '../session/use-session';
import type { CallOptions } from './client';
import { useBackgroundRefresh } from './use-background-refresh';

const KEY = ['orders', 'purch', 'view', 7] as const;

function setup(enabled: boolean, answers: unknown[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(KEY, 'loaded');
  const fetch = vi.fn(async (_options: CallOptions) => {
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    (props: { enabled: boolean }) => useBackgroundRefresh({ queryKey: KEY, fetch, ...props }),
    {
      wrapper,
      initialProps: { enabled },
    },
  );
  return { queryClient, fetch, hook };
}

const tick = () => act(() => vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS));

let hidden = false;

beforeEach(() => {
  vi.useFakeTimers();
  hidden = false;
  vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useBackgroundRefresh', () => {
  it('fetches again every session refresh as a background call and puts the answer on screen', async () => {
    const { queryClient, fetch } = setup(true, ['sent', 'sync']);
    expect(fetch).not.toHaveBeenCalled();
    await tick();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toMatchObject({ background: true });
    expect(queryClient.getQueryData(KEY)).toBe('sent');
    await tick();
    expect(queryClient.getQueryData(KEY)).toBe('sync');
  });

  it('keeps the data on screen when a refresh fails, and tries again next time', async () => {
    const { queryClient, fetch } = setup(true, [new Error('unreachable'), 'sent']);
    await tick();
    expect(queryClient.getQueryData(KEY)).toBe('loaded');
    await tick();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryData(KEY)).toBe('sent');
  });

  it('does nothing while disabled or while the tab is hidden, and stops when disabled', async () => {
    const { fetch, hook } = setup(false, ['sent', 'sync']);
    await tick();
    expect(fetch).not.toHaveBeenCalled();
    hook.rerender({ enabled: true });
    hidden = true;
    await tick();
    expect(fetch).not.toHaveBeenCalled();
    hidden = false;
    await tick();
    expect(fetch).toHaveBeenCalledTimes(1);
    hook.rerender({ enabled: false });
    await tick();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
