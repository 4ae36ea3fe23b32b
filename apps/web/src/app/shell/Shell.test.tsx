import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeSession, renderUi } from '../../test/render.tsx';
import { MOBILE_QUERY, Shell } from './Shell.tsx';

/** A page inside the shell that shows where it is and can navigate (as a menu entry does). */
function Page() {
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="where">{useLocation().pathname}</p>
      <button type="button" onClick={() => navigate('/clientes/lista')}>
        Ir a clientes
      </button>
    </>
  );
}

const setupMatchMedia = window.matchMedia;

/** Pretends the screen is narrower or wider than 768 px: the shell's mobile query matches or not. */
function screenWidth(phone: boolean) {
  const base = setupMatchMedia;
  window.matchMedia = (query: string) => ({
    ...base(query),
    matches: query === MOBILE_QUERY ? phone : base(query).matches,
  });
}

const burger = () => document.querySelector<HTMLButtonElement>('button[aria-label="Abrir el menú"]')!;
const burgerOpen = () => burger().querySelector('.mantine-Burger-burger')?.hasAttribute('data-opened') === true;

function renderShell() {
  renderUi(
    <Shell table="general" action="">
      <Page />
    </Shell>,
    { session: fakeSession() },
  );
  fireEvent.click(burger());
  expect(burgerOpen()).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Ir a clientes' }));
}

describe('shell and the 768 px threshold (spec sections 2 and 9)', () => {
  afterEach(() => {
    window.matchMedia = setupMatchMedia;
  });

  it('the mobile query is below 768 px', () => {
    expect(MOBILE_QUERY).toBe('(max-width: 767.98px)');
  });

  it('below 768 px the menu collapses after navigating', async () => {
    screenWidth(true);
    renderShell();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/clientes/lista'));
    await waitFor(() => expect(burgerOpen()).toBe(false));
  });

  it('from 768 px up the menu stays as it was', async () => {
    screenWidth(false);
    renderShell();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/clientes/lista'));
    expect(burgerOpen()).toBe(true);
  });
});
