import type { InfoEmpresa } from '@faro/domain';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeSession, renderUi } from '../../test/render.tsx';
import { TopBar } from './TopBar.tsx';

const DOS = [
  { Codigo: 'MAT-0001', CodAlumno: 'ALU-0001', Desc: 'Inglés B2 · 2026/27' },
  { Codigo: 'MAT-0002', CodAlumno: 'ALU-0001', Desc: 'Ofimática avanzada · 2026/27' },
];

function setup(over: Partial<InfoEmpresa>) {
  const session = fakeSession({ TipoCuenta: 'academia', Propietario: false, ...over });
  if (session.state.status === 'ready') session.state.matricula = session.state.info.Matriculas[0]?.Codigo ?? '';
  renderUi(<TopBar banner={false} menuOpened={false} />, { session });
  return session;
}
const selector = () => document.querySelector<HTMLInputElement>('input[aria-label="Matrícula"]');

describe('enrolment selector (spec section 2: students with several enrolments)', () => {
  it('shows a student’s enrolments and changes the session’s enrolment', async () => {
    const session = setup({ Roles: ['alumno'], Matriculas: DOS });
    expect(selector()?.value).toBe('Inglés B2 · 2026/27');
    await userEvent.click(selector()!);
    await userEvent.click(await screen.findByRole('option', { name: 'Ofimática avanzada · 2026/27', hidden: true }));
    expect(session.setMatricula).toHaveBeenCalledWith('MAT-0002');
  });

  it('shows for a tutor with 2+ enrolments of their students', () => {
    setup({ Roles: ['tutor'], Matriculas: DOS });
    expect(selector()).toBeTruthy();
  });

  it.each([
    ['a student with one enrolment', { Roles: ['alumno'], Matriculas: DOS.slice(0, 1) }],
    ['a student with none', { Roles: ['alumno'], Matriculas: [] }],
    ['an office user', { Roles: ['usuario'], Matriculas: DOS }],
  ] as [string, Partial<InfoEmpresa>][])('is hidden for %s', (_name, over) => {
    setup(over);
    expect(selector()).toBeNull();
  });
});
