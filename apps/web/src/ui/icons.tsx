import type { MenuIcon } from '@faro/domain';
import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** Outline icons (24×24, stroke), drawn inline so no icon library weighs on the bundle. */
function Svg({ size = 18, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

const P = (d: string) => (props: IconProps) => (
  <Svg {...props}>
    <path d={d} />
  </Svg>
);

export const IconUsers = P(
  'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2M16 3.1a4 4 0 0 1 0 7.8M21 21v-2a4 4 0 0 0-3-3.9',
);
export const IconSchool = P('M22 9L12 5 2 9l10 4 10-4zM6 10.6V16c0 1.7 2.7 3 6 3s6-1.3 6-3v-5.4M22 9v6');
export const IconClipboard = P(
  'M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2M9 5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2 2 2 0 0 1-2 2h-2a2 2 0 0 1-2-2zM9 14l2 2 4-4',
);
export const IconReceipt = P(
  'M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16l-3-2-2 2-2-2-2 2-2-2-3 2zM9 7h6M9 11h6M13 15h2',
);
export const IconMegaphone = P(
  'M18 8a3 3 0 0 1 0 6M10 8v11a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1v-5M12 8l4.6-3.8A.8.8 0 0 1 18 5v12a.8.8 0 0 1-1.4.6L12 14H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1h8',
);
export const IconBox = P('M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3zM12 12l8-4.5M12 12v9M12 12L4 7.5');
export const IconCart = P('M6 19a2 2 0 1 0 4 0 2 2 0 0 0-4 0M17 19a2 2 0 1 0 0 .1M17 17H6V3H4M6 5l14 1-1 7H6');
export const IconId = P(
  'M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM9 10a2 2 0 1 0 0 .1M15 8h2M15 12h2M7 16h10',
);
export const IconCash = P(
  'M7 9a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2zM14 14a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2',
);
export const IconCalendar = P(
  'M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM16 3v4M8 3v4M4 11h16M11 15h1v3',
);
export const IconFolderUser = P(
  'M5 4h4l3 3h7a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM12 13a2 2 0 1 0 0-.1M9 17c.5-1 1.6-1.5 3-1.5s2.5.5 3 1.5',
);
export const IconShield = P(
  'M12 3a12 12 0 0 0 8.5 3A12 12 0 0 1 12 21 12 12 0 0 1 3.5 6 12 12 0 0 0 12 3zM9 12l2 2 4-4',
);
export const IconBriefcase = P(
  'M3 9a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M12 12v.01M3 13a20 20 0 0 0 18 0',
);
export const IconCalculator = P(
  'M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8 7h8v3H8zM8 14h.01M12 14h.01M16 14h.01M8 17h.01M12 17h.01M16 17h.01',
);
export const IconHome = P(
  'M5 12H3l9-9 9 9h-2M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7M9 21v-6a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v6',
);
export const IconClock = P('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 3');
export const IconKey = P(
  'M16.5 3a4.5 4.5 0 1 1-4.4 5.5L4 16.6V20h3.4v-2h2v-2h2l1.4-1.4A4.5 4.5 0 0 1 16.5 3zM16.5 7.5v.01',
);
export const IconLogout = P(
  'M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2M9 12h12l-3-3M18 15l3-3',
);
export const IconSettings = P(
  'M10.3 4.3a1.7 1.7 0 0 1 3.4 0 1.7 1.7 0 0 0 2.6 1 1.7 1.7 0 0 1 2.4 2.4 1.7 1.7 0 0 0 1 2.6 1.7 1.7 0 0 1 0 3.4 1.7 1.7 0 0 0-1 2.6 1.7 1.7 0 0 1-2.4 2.4 1.7 1.7 0 0 0-2.6 1 1.7 1.7 0 0 1-3.4 0 1.7 1.7 0 0 0-2.6-1 1.7 1.7 0 0 1-2.4-2.4 1.7 1.7 0 0 0-1-2.6 1.7 1.7 0 0 1 0-3.4 1.7 1.7 0 0 0 1-2.6 1.7 1.7 0 0 1 2.4-2.4 1.7 1.7 0 0 0 2.6-1zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
);
export const IconFiles = P(
  'M15 3v4a1 1 0 0 0 1 1h4M18 17h-7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4l5 5v7a2 2 0 0 1-2 2zM16 17v2a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h2',
);
export const IconBell = P(
  'M10 5a2 2 0 1 1 4 0 7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2-3v-3a7 7 0 0 1 4-6M9 17v1a3 3 0 0 0 6 0v-1',
);
export const IconSwitch = P('M7 10h14l-4-4M17 14H3l4 4');
export const IconCreditCard = P(
  'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zM3 10h18M7 15h.01M11 15h2',
);
export const IconBuilding = P(
  'M3 21h18M9 8h1M9 12h1M9 16h1M14 8h1M14 12h1M14 16h1M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16',
);
export const IconSearch = P('M10 17a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-6-6');
export const IconHelp = P(
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 17v.01M12 13.5a1.5 1.5 0 0 1 1-1.5 2.6 2.6 0 1 0-3-4',
);
export const IconUser = P('M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2');
export const IconPlus = P('M12 5v14M5 12h14');
export const IconTrash = P(
  'M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3',
);
export const IconArrowLeft = P('M5 12h14M5 12l6 6M5 12l6-6');
export const IconTool = P('M7 10h3V7L6.5 3.5a6 6 0 0 1 8 8l6 6a2 2 0 0 1-3 3l-6-6a6 6 0 0 1-8-8L7 10');
export const IconDownload = P('M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M7 11l5 5 5-5M12 4v12');

/** The side menu's group icons (every MenuIcon of the domain has a drawing). */
export const MENU_ICON = {
  contactos: IconUsers,
  formacion: IconSchool,
  examenes: IconClipboard,
  ventas: IconReceipt,
  marketing: IconMegaphone,
  catalogo: IconBox,
  compras: IconCart,
  personal: IconId,
  tesoreria: IconCash,
  agenda: IconCalendar,
  portal: IconFolderUser,
  admin: IconShield,
  asesoria: IconBriefcase,
  impuestos: IconCalculator,
} satisfies Record<MenuIcon, (p: IconProps) => ReactNode>;

/** The product mark: a lighthouse. */
export function FaroLogo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b4f8a" />
      <path d="M27 20h10l3 34H24z" fill="#fff" />
      <path d="M26 14h12v6H26z" fill="#ffc53d" />
      <path d="M32 8l6 6H26z" fill="#fff" />
      <path d="M38 16l18-6v10zM26 16L8 10v10z" fill="#ffc53d" opacity=".75" />
      <path d="M25 34h14v4H25z" fill="#0b4f8a" />
    </svg>
  );
}
