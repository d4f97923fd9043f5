/**
 * The feed's URL as calendar apps take it: webcal:// makes a phone or desktop open its calendar
 * app with 'Subscribe' (iOS, macOS, Outlook); web calendars (Google) want the https URL pasted.
 */
export function webcalUrl(httpsUrl: string): string {
  return httpsUrl.replace(/^https?:\/\//i, 'webcal://');
}
