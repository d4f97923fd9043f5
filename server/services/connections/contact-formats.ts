/**
 * Contacts as files a phone or a spreadsheet reads: vCard 4.0 (RFC 6350) and CSV (RFC 4180).
 * Pure text: the routes stream one contact at a time.
 */

export interface Contact {
  id: string;
  firstName: string;
  lastName: string;
  role: string | null;
  email: string;
  phone: string | null;
  linkedinUrl: string | null;
  location: string | null;
  /** An absolute URL of the photo, or null. */
  photoUrl: string | null;
  eventName: string | null;
  /** Whether that event had started when the contacts were read: before it, nobody has met there. */
  eventStarted: boolean;
  connectedAt: Date;
}

/**
 * RFC 6350 section 3.4: backslash, comma and line breaks are escaped in text values; a semicolon
 * only in a component of a compound value (N), where it separates the components.
 */
export function escapeVcardText(text: string, compound = false): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
  return compound ? escaped.replace(/;/g, '\\;') : escaped;
}

/** RFC 6350 section 3.2: lines longer than 75 octets are folded (CRLF and a space), never inside a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Where the two met, as the contact's note says it. */
export function metNote(contact: Pick<Contact, 'eventName' | 'eventStarted' | 'connectedAt'>): string {
  if (contact.eventName && !contact.eventStarted) return `Connected ahead of ${contact.eventName} on ${isoDate(contact.connectedAt)} (Mingle)`;
  return contact.eventName
    ? `Met at ${contact.eventName} on ${isoDate(contact.connectedAt)} (Mingle)`
    : `Connected on Mingle on ${isoDate(contact.connectedAt)}`;
}

/** One contact as a vCard 4.0, CRLF line ends. */
export function vcardOf(contact: Contact): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `FN:${escapeVcardText(`${contact.firstName} ${contact.lastName}`.trim())}`,
    `N:${escapeVcardText(contact.lastName, true)};${escapeVcardText(contact.firstName, true)};;;`,
  ];
  if (contact.role) lines.push(`TITLE:${escapeVcardText(contact.role)}`);
  lines.push(`EMAIL:${escapeVcardText(contact.email)}`);
  if (contact.phone) lines.push(`TEL;VALUE=uri:tel:${contact.phone}`);
  if (contact.linkedinUrl) lines.push(`URL:${contact.linkedinUrl}`);
  if (contact.photoUrl) lines.push(`PHOTO:${contact.photoUrl}`);
  lines.push(`NOTE:${escapeVcardText(metNote(contact))}`);
  lines.push(`UID:urn:uuid:${contact.id}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/**
 * A cell that a spreadsheet program would read as a formula (=, +, -, @, and tab or CR before one)
 * gets a leading apostrophe: shown as text, never run (OWASP, "CSV injection").
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvCell(value: string | null): string {
  const cell = neutraliseFormula(value ?? '');
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export const CSV_HEADER = ['First name', 'Last name', 'Title', 'E-mail', 'Phone', 'LinkedIn', 'Location', 'Met at', 'Connected on'];

/** A UTF-8 byte order mark: spreadsheet programs then read names like 'Åsa' or '李' correctly. */
export const CSV_BOM = '\uFEFF';

export function csvRow(cells: (string | null)[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

export function csvRowOf(contact: Contact): string {
  return csvRow([
    contact.firstName,
    contact.lastName,
    contact.role,
    contact.email,
    contact.phone,
    contact.linkedinUrl,
    contact.location,
    contact.eventName,
    isoDate(contact.connectedAt),
  ]);
}
