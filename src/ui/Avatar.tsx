import './avatar.css';

/** Hues far enough apart to tell members apart, each dark enough for white initials (WCAG AA). */
const HUES = [12, 32, 145, 170, 195, 215, 240, 265, 290, 320, 345];

/** The same member gets the same colour everywhere, on every device: it comes from their id. */
export function avatarHue(seed: string): number {
  let hash = 0;
  for (let i = 0; i < seed.length; i++) hash = (Math.imul(hash, 31) + seed.charCodeAt(i)) >>> 0;
  return HUES[hash % HUES.length]!;
}

export function initialsOf(firstName: string, lastName: string): string {
  const first = [...firstName.trim()][0] ?? '';
  const last = [...lastName.trim()][0] ?? '';
  return (first + last).toUpperCase() || '?';
}

export interface AvatarProps {
  /** The member's id: picks the fallback's colour. */
  id: string;
  firstName: string;
  lastName: string;
  imageUrl: string | null | undefined;
  /** 'sm' for lists, 'fill' to fill its box (the deck's card). */
  size?: 'sm' | 'fill';
  /** The photo's text alternative; the fallback's initials are read as the name. */
  alt?: string;
  className?: string;
}

/** A member's photo, or their initials on a colour of their own: one fallback wherever a member shows. */
export function Avatar({ id, firstName, lastName, imageUrl, size = 'sm', alt = '', className = '' }: AvatarProps) {
  const classes = `avatar avatar--${size} ${className}`.trim();
  if (imageUrl) {
    const px = size === 'sm' ? 40 : 400;
    return <img className={classes} src={imageUrl} alt={alt} width={px} height={px} draggable={false} />;
  }
  return (
    <span className={`${classes} avatar--initials`} style={{ backgroundColor: `hsl(${avatarHue(id)} 55% 32%)` }} aria-hidden="true">
      {initialsOf(firstName, lastName)}
    </span>
  );
}
