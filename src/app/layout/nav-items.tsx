import type { ComponentType, SVGProps } from 'react';
import { ActivityIcon, CalendarIcon, MessageIcon, UserIcon } from '../../ui/icons';

export interface NavItem {
  label: string;
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Whether the current path belongs to this entry. */
  matches: (path: string) => boolean;
}

const under = (prefix: string) => (path: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The navigation entries of docs/product.md section 2, with Messages ('Messages'). */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Events', href: '/events', icon: CalendarIcon, matches: (path) => path === '/' || under('/events')(path) || under('/organizer')(path) },
  { label: 'Feed', href: '/feed', icon: ActivityIcon, matches: (path) => under('/feed')(path) || under('/connections')(path) },
  { label: 'Messages', href: '/messages', icon: MessageIcon, matches: under('/messages') },
  { label: 'Profile', href: '/profile', icon: UserIcon, matches: (path) => under('/profile')(path) || under('/pricing')(path) || under('/subscription')(path) },
];
