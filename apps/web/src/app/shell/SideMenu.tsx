import { type MenuEntry, type MenuVariant, menuAlias, menuHref, visibleMenu } from '@faro/domain';
import { NavLink, ScrollArea } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { MENU_ICON } from '../../ui/icons.tsx';

/** The left menu of spec section 2: groups with their active entries for this company, user and centre. */
export function SideMenu({ variant, action }: { variant: MenuVariant; action: string }) {
  const { info, centro } = useReady();
  const groups = useMemo(() => visibleMenu(variant, info, centro), [variant, info, centro]);
  const current = menuAlias(action);
  const { pathname } = useLocation();
  // Two entries may open one action's screens (accounting and its reports): then the path tells which one is open.
  const shared = (a: string) => groups.flatMap((g) => g.entries).filter((e) => e.action === a).length > 1;
  const isActive = (e: MenuEntry) => e.action === current && (!shared(e.action) || pathname.startsWith(`/${e.route}`));
  return (
    <ScrollArea component="nav" aria-label="Menú principal" p="xs" style={{ height: '100%' }}>
      {groups.map((group) => {
        const Icon = MENU_ICON[group.icon];
        const holdsCurrent = group.entries.some((e) => e.action === current);
        return (
          <NavLink
            key={group.id}
            data-menu-group={group.id}
            label={group.title}
            leftSection={<Icon />}
            defaultOpened={holdsCurrent || groups.length === 1}
            childrenOffset={28}
            fw={600}
          >
            {group.entries.map((entry) => (
              <NavLink
                key={entry.id}
                component={Link}
                to={menuHref(entry)}
                label={entry.name}
                active={isActive(entry)}
                data-menu-entry={entry.id}
              />
            ))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
