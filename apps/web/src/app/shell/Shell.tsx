import { isStudent, mustAcceptTerms, ROUTE_TABLES, type RouteTableId, showTestBanner } from '@faro/domain';
import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePrefetchReferenceLists } from '../../platform/referenceLists.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { PortalFooter } from './PortalFooter.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TermsModal } from './TermsModal.tsx';
import { TopBar } from './TopBar.tsx';

/** Below 768 px the menu is a drawer that collapses after each navigation. */
export const MOBILE_QUERY = '(max-width: 767.98px)';
const BAR = 56;
const BANNER = 28;
const FOOTER = 40;

/** The logged-in shell: top bar, side menu (none for time-clock-only users) and the content area. */
export function Shell({ table, action, children }: { table: RouteTableId; action: string; children: ReactNode }) {
  const { info } = useReady();
  const [opened, { toggle, close }] = useDisclosure(false);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const location = useLocation();
  const menu = ROUTE_TABLES[table].menu;
  const banner = showTestBanner(info);
  const footer = isStudent(info);
  usePrefetchReferenceLists();

  // biome-ignore lint/correctness/useExhaustiveDependencies: collapse on every navigation (the location is the trigger)
  useEffect(() => {
    if (mobile) close();
  }, [location.pathname, location.search, mobile, close]);

  return (
    <AppShell
      header={{ height: BAR + (banner ? BANNER : 0) }}
      navbar={menu ? { width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}
      footer={footer ? { height: FOOTER } : undefined}
      padding="md"
    >
      <AppShell.Header>
        <TopBar banner={banner} menuOpened={opened} onToggleMenu={menu ? toggle : undefined} />
      </AppShell.Header>
      {menu && (
        <AppShell.Navbar>
          <SideMenu variant={menu} action={action} />
        </AppShell.Navbar>
      )}
      <AppShell.Main>{children}</AppShell.Main>
      {footer && (
        <AppShell.Footer>
          <PortalFooter />
        </AppShell.Footer>
      )}
      {mustAcceptTerms(info) && <TermsModal key={location.pathname + location.search} />}
    </AppShell>
  );
}
