import { apiUrl } from './api-client';

/**
 * Fetches a file of the signed-in user (bearer token, so not a plain link) and saves it through a blob link under
 * the server's file name; a refusal arrives as an Error with the server's message. Returns the file name.
 */
export async function downloadWithToken(apiBaseUrl: string, token: string, path: string, what: string, fallbackName: string): Promise<string> {
  const response = await fetch(apiUrl(apiBaseUrl, path), { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) {
    let message = `Could not download ${what} (HTTP ${response.status})`;
    try {
      const body = (await response.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // keep the generic message
    }
    throw new Error(message);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
