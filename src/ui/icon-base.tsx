import type { SVGProps } from 'react';

/** size sets width and height (20 unless given); other SVG props pass through. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Icon({ size = 20, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}
