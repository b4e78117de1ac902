import { makeNonce } from '@kc/contracts/platform/signing';
import { buildTarget, request } from './api-client.ts';
import type { QueryParams } from './clean-params.ts';
import { ApiError, handleApiError, MSG_NETWORK } from './error-catalogue.ts';
import { signRequest } from './request-signing.ts';
import { getToken } from './session.ts';

/** A file the server answered (PDF or Excel), with the name from its content-disposition. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

type Envelope = { code?: number; message?: string; data?: unknown; error?: string };

const REFRESH_MARGIN_MS = 10 * 60 * 1000;

function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      return fallback;
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/**
 * Fetches a file through the same signed GET as every API call (documents are signed like any
 * call, so they cannot be plain links). Errors come back as the JSON envelope and go through the
 * error catalogue like any other call's.
 */
export async function fetchFile(path: string, query: QueryParams | undefined, fallbackName: string): Promise<DownloadedFile> {
  // A near-expiry token is refreshed by the client on its next call; make that call a cheap one.
  const current = getToken();
  if (current && current.expire - Date.now() < REFRESH_MARGIN_MS) await request('GET', '/mall/v1/order/getCurrentTime', { silent: true });
  const token = getToken();
  const target = buildTarget('GET', path, query);
  const nonce = makeNonce();
  const headers: Record<string, string> = { accept: '*/*', nonce };
  if (token) {
    headers.authorization = `Bearer ${token.accessToken}`;
    headers.sign = signRequest(token.signKey, 'GET', target, nonce, '');
  }
  let response: Response;
  try {
    response = await fetch(target, { method: 'GET', headers });
  } catch {
    const err = new ApiError(0, 0, MSG_NETWORK);
    handleApiError(err);
    throw err;
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('application/json')) {
    return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition'), fallbackName) };
  }
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  const err =
    typeof envelope?.code === 'number'
      ? new ApiError(response.status, envelope.code, envelope.message ?? '', envelope.data ?? null, envelope.error)
      : new ApiError(response.status, response.status, '');
  handleApiError(err);
  throw err;
}

/** Saves a file through a temporary link (Excel exports, PDF downloads). */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Opens a PDF in a new tab. The tab is opened at the click (before the fetch) so popup blockers let
 * it through; if it was blocked anyway, the file is saved instead.
 */
export async function openPdfInNewTab(load: () => Promise<DownloadedFile>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const file = await load();
    const url = URL.createObjectURL(file.blob);
    if (tab && !tab.closed) {
      tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
    } else {
      URL.revokeObjectURL(url);
      saveFile(file);
    }
  } catch (err) {
    tab?.close();
    throw err;
  }
}
