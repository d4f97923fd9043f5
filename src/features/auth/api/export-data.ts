import { useMutation } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { AccountExport } from '../../../../contract/account';
import { apiClient } from '../../../lib/api-client';

/** GET users/me/export: everything the product holds about the member. */
export function exportMyData(): Promise<AccountExport> {
  return apiClient.get<AccountExport>(apiPath('/users/me/export'));
}

/** Saves the member's data as a JSON file named by the day (the browser's download). */
export async function downloadMyData(): Promise<void> {
  const data = await exportMyData();
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `mingle-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
