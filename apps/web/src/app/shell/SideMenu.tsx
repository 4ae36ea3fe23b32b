import { type MenuVariant, menuAlias, menuHref, visibleMenu } from '@faro/domain';
import { NavLink, ScrollArea } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { MENU_ICON } from '../../ui/icons.tsx';

/** The left menu of spec section 2: groups with their active entries for this company, user and centre. */
export function SideMenu({ variant, action }: { variant: MenuVariant; action: string }) {
  const { info, centro } = useReady();
  const groups = useMemo(() => visibleMenu(variant, info, centro), [variant, info, centro]);
  const current = menuAlias(action);
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
                key={entry.action}
                component={Link}
                to={menuHref(entry)}
                label={entry.name}
                active={entry.action === current}
                data-menu-entry={entry.action}
              />
            ))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
