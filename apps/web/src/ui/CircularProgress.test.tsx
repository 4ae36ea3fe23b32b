import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/render.tsx';
import { CIRCULAR_PROGRESS, CircularProgress } from './CircularProgress.tsx';

describe('the circular progress (spec section 9)', () => {
  it('draws radius 50, outer stroke 6, inner stroke 3, a 14 px black subtitle and a 300 ms animation', () => {
    expect(CIRCULAR_PROGRESS).toEqual({
      radius: 50,
      animationMs: 300,
      outerStroke: 6,
      innerStroke: 3,
      subtitleSize: 14,
    });
    const { container } = renderUi(
      <CircularProgress value={75} title="75 %" subtitle="3 APTO de 4" label="Aprobados del alumno" />,
    );
    const [inner, outer] = [...container.querySelectorAll('circle')];
    expect(inner!.getAttribute('r')).toBe('50');
    expect(inner!.getAttribute('stroke-width')).toBe('3');
    expect(outer!.getAttribute('r')).toBe('50');
    expect(outer!.getAttribute('stroke-width')).toBe('6');
    // A quarter of the circumference left undrawn at 75 %.
    const c = 2 * Math.PI * 50;
    expect(Number(outer!.getAttribute('stroke-dasharray'))).toBeCloseTo(c, 5);
    expect(Number(outer!.getAttribute('stroke-dashoffset'))).toBeCloseTo(c / 4, 5);
    expect(outer!.style.transition).toContain('300ms');
    const subtitle = screen.getByText('3 APTO de 4');
    expect(subtitle.getAttribute('font-size')).toBe('14');
    expect(subtitle.getAttribute('fill')).toBe('var(--mantine-color-black)');
    expect(screen.getByText('75 %')).toBeTruthy();
  });

  it('is a named progress bar, its value clamped to 0–100', () => {
    renderUi(<CircularProgress value={140} title="140 %" label="Aprobados" />);
    const bar = screen.getByRole('progressbar', { name: 'Aprobados' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
  });
});
