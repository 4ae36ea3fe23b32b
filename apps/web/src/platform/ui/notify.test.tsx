import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.ts';
import { notifyError, notifySuccess, TOAST_MS } from './notify.ts';

/** Spec section 8: one toast at a time, at the bottom, red errors, green successes, 10 s, dismissable. */
function renderToasts() {
  return render(
    <MantineProvider theme={theme}>
      <Notifications position="bottom-center" limit={1} autoClose={TOAST_MS} />
    </MantineProvider>,
  );
}

const toasts = () => Array.from(document.querySelectorAll('.mantine-Notification-root'));

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('one at a time: a new message replaces the one on screen; errors red, successes green', async () => {
    renderToasts();
    expect(TOAST_MS).toBe(10_000);
    act(() => notifyError('Primero'));
    expect(await screen.findByText('Primero')).toBeTruthy();
    expect(toasts()[0]!.getAttribute('style') ?? '').toContain('red');
    act(() => notifySuccess('Segundo'));
    expect(await screen.findByText('Segundo')).toBeTruthy();
    expect(screen.queryByText('Primero')).toBeNull();
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]!.getAttribute('style') ?? '').toContain('green');
  });

  it('hides after 10 s and can be dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderToasts();
    act(() => notifyError('Se cierra sola'));
    expect(await screen.findByText('Se cierra sola')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(TOAST_MS - 1000));
    expect(screen.queryByText('Se cierra sola')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByText('Se cierra sola')).toBeNull();

    act(() => notifyError('Se cierra a mano'));
    expect(await screen.findByText('Se cierra a mano')).toBeTruthy();
    fireEvent.click(toasts()[0]!.querySelector('button')!);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Se cierra a mano')).toBeNull();
  });
});
