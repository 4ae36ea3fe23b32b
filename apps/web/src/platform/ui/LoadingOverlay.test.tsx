import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { LOADING_TEXT, LoadingOverlay } from './LoadingOverlay.tsx';
import { startLoading } from './loading.ts';

describe("'Cargando datos...' overlay", () => {
  it('shows while calls are in flight and hides when they finish', async () => {
    vi.useFakeTimers();
    renderUi(<LoadingOverlay />);
    expect(LOADING_TEXT).toBe('Cargando datos...');
    let done = () => {};
    act(() => {
      done = startLoading();
    });
    expect(screen.queryByText(LOADING_TEXT)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(screen.getByText(LOADING_TEXT)).toBeTruthy();
    act(() => done());
    expect(screen.queryByText(LOADING_TEXT)).toBeNull();
  });
});
