import { Icon, type IconProps } from './icon-base';

/** Apart from event-icons.tsx: the profile's share button uses it, and should not load the event screens' icons with it. */
export const ShareIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
    <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
  </Icon>
);
